/**
 * A local stand-in for ZATCA's Fatoora API (compliance CSID, compliance checks, production CSID,
 * reporting), answering as its developer portal documents: 200 with validationResults, 202 reported
 * with warnings, 400 with errorMessages, 401 for a wrong CSID, 409 for a document reported before.
 * It really checks what it is sent: the CSR's signature, each document's hash, stamp and the BR-KSA
 * rules this project implements, and that it is signed with the CSID it is sent under.
 * Levers for tests: `failNext` answers 503 to the next n calls; `dropNextReport` records the next
 * report and then cuts the connection before answering (a lost answer, as in a crash mid-report).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readCsr } from "#app/invoicing/csr";
import { certificateDetails } from "#app/invoicing/certificate";
import { checkStamp, invoiceHash } from "#app/invoicing/stamp";
import { validateDocument } from "#app/invoicing/validate";
import { startFakeRemote, type FakeRemote } from "./fake-remote.server";
import { issueTestCertificate, makeTestCertificateAuthority } from "./zatca-certificate.server";

type Issued = { requestId: string; kind: "compliance" | "production"; token: string; secret: string; certificate: string; subject: Buffer; spki: Buffer };

export type FakeFatoora = FakeRemote & {
  otp: string;
  /** Distinct documents accepted by reporting, by UUID, with how many times each was sent. */
  reports: Map<string, { invoiceHash: string; sent: number; accepted: number }>;
  complianceChecks: number;
  failNext: number;
  dropNextReport: boolean;
  /** Days a production CSID is valid. */
  productionValidDays: number;
};

const DAY_MS = 86_400_000;

/** `now`: ZATCA's clock (the tests' clock, so a document issued "today" is not in its future). */
export async function startFakeFatoora(options: { otp?: string; now?: () => Date } = {}): Promise<FakeFatoora> {
  const clock = options.now ?? (() => new Date());
  const authority = makeTestCertificateAuthority();
  const issued = new Map<string, Issued>();

  function issue(kind: Issued["kind"], subject: Buffer, spki: Buffer, days: number): Issued {
    const now = clock().getTime();
    const certificate = issueTestCertificate(authority, subject, spki, new Date(now - DAY_MS), new Date(now + days * DAY_MS));
    const token = Buffer.from(certificate, "utf8").toString("base64");
    const entry: Issued = { requestId: String(1_700_000_000_000 + issued.size), kind, token, secret: randomBytes(24).toString("base64"), certificate, subject, spki };
    issued.set(token, entry);
    return entry;
  }

  function caller(request: IncomingMessage, kind: Issued["kind"]): Issued | null {
    const header = request.headers.authorization ?? "";
    if (!header.startsWith("Basic ")) return null;
    const [token = "", secret = ""] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
    const entry = issued.get(token);
    if (!entry || entry.kind !== kind) return null;
    const given = Buffer.from(secret);
    const expected = Buffer.from(entry.secret);
    return given.length === expected.length && timingSafeEqual(given, expected) ? entry : null;
  }

  function send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  }

  function error(code: string, message: string) {
    return { type: "ERROR", code, category: "XSD_ZATCA_INVALID", message, status: "ERROR" };
  }

  /** ZATCA's checks of a submitted document, as validationResults. */
  function examine(body: Record<string, unknown>, signer: Issued) {
    const xml = Buffer.from(String(body.invoice ?? ""), "base64").toString("utf8");
    const errors: ReturnType<typeof error>[] = [];
    try {
      if (invoiceHash(xml) !== body.invoiceHash) errors.push(error("invoiceHash_QRCODE_INVOICE_HASH", "The invoice hash API body does not match the (calculated) Hash of the XML"));
      if (!xml.includes(`<cbc:UUID>${String(body.uuid)}</cbc:UUID>`)) errors.push(error("invoice-uuid", "The UUID in the body does not match the document's"));
      for (const check of checkStamp(xml).filter((result) => !result.ok)) errors.push(error("signature", `${check.name}: ${check.detail ?? "failed"}`));
      for (const rule of validateDocument(xml, { now: clock() }).filter((result) => !result.ok)) errors.push(error(rule.rule, rule.message));
      const signedWith = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml)?.[1] ?? "";
      if (certificateDetails(signedWith).base64 !== signer.certificate) errors.push(error("certificate", "The document is not signed with the CSID it was sent under"));
    } catch (cause) {
      errors.push(error("XSD_ZATCA_INVALID", cause instanceof Error ? cause.message : String(cause)));
    }
    return { status: errors.length ? "ERROR" : "PASS", infoMessages: [{ type: "INFO", code: "XSD_ZATCA_VALID", category: "XSD validation", message: "Complied with UBL 2.1 standards in line with ZATCA specifications", status: "PASS" }], warningMessages: [], errorMessages: errors };
  }

  const fake: FakeFatoora = Object.assign(
    await startFakeRemote((request, raw, response) => {
      if (fake.failNext > 0) {
        fake.failNext -= 1;
        return send(response, 503, { message: "Service Unavailable" });
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw.toString("utf8") || "{}") as Record<string, unknown>;
      } catch {
        return send(response, 400, { errors: ["malformed JSON"] });
      }
      if (request.headers["accept-version"] !== "V2") return send(response, 400, { errors: ["Accept-Version V2 is required"] });
      switch (request.url) {
        case "/compliance": {
          if (request.headers.otp !== fake.otp) return send(response, 400, { errorCode: "Invalid-OTP", errorMessage: "The provided OTP is invalid" });
          try {
            const csr = readCsr(Buffer.from(String(body.csr ?? ""), "base64").toString("utf8"));
            const entry = issue("compliance", csr.subject.bytes, csr.subjectPublicKeyInfo, 30);
            return send(response, 200, { requestID: Number(entry.requestId), dispositionMessage: "ISSUED", binarySecurityToken: entry.token, secret: entry.secret, errors: null });
          } catch (cause) {
            return send(response, 400, { errorCode: "Invalid-CSR", errorMessage: cause instanceof Error ? cause.message : String(cause) });
          }
        }
        case "/compliance/invoices": {
          const signer = caller(request, "compliance");
          if (!signer) return send(response, 401, {});
          fake.complianceChecks += 1;
          const results = examine(body, signer);
          return send(response, results.status === "PASS" ? 200 : 400, { validationResults: results, reportingStatus: results.status === "PASS" ? "REPORTED" : "NOT_REPORTED", clearanceStatus: null });
        }
        case "/production/csids": {
          const compliance = caller(request, "compliance");
          if (!compliance || String(body.compliance_request_id) !== compliance.requestId) return send(response, 401, {});
          const entry = issue("production", compliance.subject, compliance.spki, fake.productionValidDays);
          return send(response, 200, { requestID: Number(entry.requestId), tokenType: "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3", dispositionMessage: "ISSUED", binarySecurityToken: entry.token, secret: entry.secret });
        }
        case "/invoices/reporting/single": {
          const signer = caller(request, "production");
          if (!signer) return send(response, 401, {});
          if (request.headers["clearance-status"] !== "0") return send(response, 400, { errors: ["Clearance-Status 0 is required for reporting"] });
          const uuid = String(body.uuid);
          const seen = fake.reports.get(uuid);
          if (seen) seen.sent += 1;
          if (seen && seen.accepted > 0 && seen.invoiceHash === body.invoiceHash) return send(response, 409, { validationResults: { status: "WARNING", warningMessages: [{ code: "Invoice-Already-Reported", message: "The invoice was already reported" }] }, reportingStatus: "REPORTED" });
          const results = examine(body, signer);
          if (results.status !== "PASS") return send(response, 400, { validationResults: results, reportingStatus: "NOT_REPORTED" });
          const entry = seen ?? { invoiceHash: String(body.invoiceHash), sent: 1, accepted: 0 };
          entry.accepted += 1;
          fake.reports.set(uuid, entry);
          if (fake.dropNextReport) {
            fake.dropNextReport = false;
            response.socket?.destroy();
            return;
          }
          return send(response, 200, { validationResults: results, reportingStatus: "REPORTED" });
        }
        default:
          return send(response, 404, {});
      }
    }),
    { otp: options.otp ?? "123456", reports: new Map(), complianceChecks: 0, failNext: 0, dropNextReport: false, productionValidDays: 365 },
  );
  return fake;
}
