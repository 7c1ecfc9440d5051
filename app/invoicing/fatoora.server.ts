/**
 * ZATCA's Fatoora API, as its developer portal documents it (Accept-Version V2): the compliance CSID
 * (with the OTP from the Fatoora portal), the compliance checks, the production CSID, and reporting a
 * simplified document. A CSID is used as HTTP Basic credentials: its binarySecurityToken (the
 * certificate's base64, itself base64-encoded) and its secret.
 */
export type Csid = { requestId: string; binarySecurityToken: string; secret: string };

export type ValidationMessage = { type?: string; code?: string; category?: string; message?: string; status?: string };
export type ValidationResults = { status?: string; infoMessages?: ValidationMessage[]; warningMessages?: ValidationMessage[]; errorMessages?: ValidationMessage[] };

/**
 * What reporting one document came to: accepted (perhaps with warnings), refused for its content
 * (it will not pass by sending it again), or not answered (the network, a 5xx, a 429, an expired
 * credential: try again later).
 */
export type ReportOutcome =
  | { kind: "reported"; httpStatus: number; results: ValidationResults }
  | { kind: "rejected"; httpStatus: number; results: ValidationResults }
  | { kind: "retry"; httpStatus: number | null; detail: string };

export class FatooraError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export type DocumentSubmission = { invoiceHash: string; uuid: string; xml: string };

/** The certificate inside a CSID (base64 DER), from its binarySecurityToken. */
export function certificateOfCsid(csid: Pick<Csid, "binarySecurityToken">): string {
  return Buffer.from(csid.binarySecurityToken, "base64").toString("utf8");
}

const TIMEOUT_MS = 15_000;

export class FatooraClient {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async post(path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await this.fetchImpl(`${this.baseUrl.replace(/\/$/, "")}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Version": "V2", "Accept-Language": "en", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { raw: text.slice(0, 500) };
    }
    return { status: response.status, json };
  }

  private static basic(csid: Csid): Record<string, string> {
    return { Authorization: `Basic ${Buffer.from(`${csid.binarySecurityToken}:${csid.secret}`).toString("base64")}` };
  }

  private static csid(status: number, json: Record<string, unknown>, step: string): Csid {
    const { requestID, binarySecurityToken, secret } = json;
    if (status !== 200 || typeof binarySecurityToken !== "string" || typeof secret !== "string") throw new FatooraError(`${step}: ZATCA answered ${status}`, status, json);
    return { requestId: String(requestID), binarySecurityToken, secret };
  }

  /** The compliance CSID for a CSR (PEM), with the portal's one-time code. */
  async complianceCsid(csrPem: string, otp: string): Promise<Csid> {
    const { status, json } = await this.post("/compliance", { csr: Buffer.from(csrPem, "utf8").toString("base64") }, { OTP: otp });
    return FatooraClient.csid(status, json, "compliance CSID");
  }

  /** One compliance check (a sample document signed with the compliance CSID). */
  async complianceCheck(csid: Csid, document: DocumentSubmission): Promise<ValidationResults> {
    const { status, json } = await this.post("/compliance/invoices", submission(document), FatooraClient.basic(csid));
    const results = (json.validationResults ?? {}) as ValidationResults;
    if (status !== 200 && status !== 202) throw new FatooraError(`compliance check: ZATCA answered ${status}`, status, json);
    return results;
  }

  async productionCsid(compliance: Csid): Promise<Csid> {
    const { status, json } = await this.post("/production/csids", { compliance_request_id: compliance.requestId }, FatooraClient.basic(compliance));
    return FatooraClient.csid(status, json, "production CSID");
  }

  /** Reports a simplified invoice or credit note (no clearance). Never throws. */
  async report(csid: Csid, document: DocumentSubmission): Promise<ReportOutcome> {
    let answer: { status: number; json: Record<string, unknown> };
    try {
      answer = await this.post("/invoices/reporting/single", submission(document), { ...FatooraClient.basic(csid), "Clearance-Status": "0" });
    } catch (error) {
      return { kind: "retry", httpStatus: null, detail: error instanceof Error ? error.message : String(error) };
    }
    const results = (answer.json.validationResults ?? {}) as ValidationResults;
    // 200 reported, 202 reported with warnings, 400 not reported (its errors say why), 409 already reported.
    if (answer.status === 200 || answer.status === 202 || answer.status === 409) return { kind: "reported", httpStatus: answer.status, results };
    if (answer.status === 400) return { kind: "rejected", httpStatus: answer.status, results };
    return { kind: "retry", httpStatus: answer.status, detail: JSON.stringify(answer.json).slice(0, 500) };
  }
}

function submission(document: DocumentSubmission) {
  return { invoiceHash: document.invoiceHash, uuid: document.uuid, invoice: Buffer.from(document.xml, "utf8").toString("base64") };
}
