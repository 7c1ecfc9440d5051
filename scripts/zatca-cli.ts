/**
 * `npm run zatca -- <command>`: ZATCA e-invoicing tools in the style of ZATCA's SDK, over files.
 * Exit status: 0 done / all rules pass, 1 the document fails (validation, stamp refused, QR malformed),
 * 2 usage or unreadable input. Kept apart from scripts/zatca.ts so tests run it without a process.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { CertificateError } from "#app/invoicing/certificate";
import { decodeQr, QrDecodeError, QR_TAGS } from "#app/invoicing/qr";
import { invoiceHash, StampError, stampDocument } from "#app/invoicing/stamp";
import { validateDocument } from "#app/invoicing/validate";
import { ublSchemaProblems } from "#app/invoicing/ubl-schema.server";
import { descendants, parseXml, textOf, XmlParseError } from "#app/invoicing/xml";

export const USAGE = `Usage:
  npm run zatca -- hash <invoice.xml>                 the invoice hash (base64 SHA-256 of the C14N 1.1 form)
  npm run zatca -- sign <invoice.xml> --key <key.pem> --cert <cert.pem|base64> [--out <signed.xml>] [--time <ISO instant>]
  npm run zatca -- qr <invoice.xml | base64 payload>  the QR's nine fields
  npm run zatca -- validate <invoice.xml>             the UBL 2.1 schema, BR-KSA rules for simplified invoices and notes, and the stamp`;

export type CliIo = { stdout: (text: string) => void; stderr: (text: string) => void; readFile: (path: string) => string; writeFile: (path: string, text: string) => void; now: () => Date };

const QR_LABELS: Record<number, string> = {
  [QR_TAGS.sellerName]: "seller name",
  [QR_TAGS.vatNumber]: "VAT number",
  [QR_TAGS.timestamp]: "timestamp",
  [QR_TAGS.totalWithVat]: "total with VAT",
  [QR_TAGS.vatTotal]: "VAT total",
  [QR_TAGS.invoiceHash]: "invoice hash",
  [QR_TAGS.signature]: "signature",
  [QR_TAGS.publicKey]: "public key (base64 DER)",
  [QR_TAGS.certificateSignature]: "certificate signature (base64 DER)",
};

export async function runZatca(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({ args: argv, allowPositionals: true, options: { key: { type: "string" }, cert: { type: "string" }, out: { type: "string" }, time: { type: "string" } } });
  }
  try {
    parsed = parse();
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const [command, target, ...rest] = parsed.positionals;
  if (!command || !target || rest.length > 0) {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  const read = (path: string): string | undefined => {
    try {
      return io.readFile(path);
    } catch (error) {
      io.stderr(`cannot read ${path}: ${(error as Error).message}\n`);
      return undefined;
    }
  };
  try {
    switch (command) {
      case "hash": {
        const xml = read(target);
        if (xml === undefined) return 2;
        io.stdout(`${invoiceHash(xml)}\n`);
        return 0;
      }
      case "sign": {
        const { key, cert, out, time } = parsed.values;
        if (!key || !cert) {
          io.stderr(`sign needs --key and --cert\n\n${USAGE}\n`);
          return 2;
        }
        const signingTime = time ? new Date(time) : io.now();
        if (Number.isNaN(signingTime.getTime())) {
          io.stderr(`--time is not an instant: ${time}\n`);
          return 2;
        }
        const xml = read(target);
        const privateKey = read(key);
        // --cert takes a file, or the certificate's base64 itself as ZATCA's onboarding answers with it.
        const certificate = /^[A-Za-z0-9+/=\s]{200,}$/.test(cert) ? cert : read(cert);
        if (xml === undefined || privateKey === undefined || certificate === undefined) return 2;
        const stamped = stampDocument(xml, { privateKey, certificate }, signingTime);
        if (out) io.writeFile(out, stamped.xml);
        else io.stdout(stamped.xml);
        io.stderr(`invoice hash ${stamped.invoiceHash}\n`);
        return 0;
      }
      case "qr": {
        let payload = target;
        if (/\.xml$/i.test(target)) {
          const xml = read(target);
          if (xml === undefined) return 2;
          const document = parseXml(xml);
          const reference = descendants(document.root, (element) => element.local === "AdditionalDocumentReference" && descendants(element, (id) => id.local === "ID")[0] !== undefined && textOf(descendants(element, (id) => id.local === "ID")[0]).trim() === "QR")[0];
          payload = reference ? textOf(descendants(reference, (element) => element.local === "EmbeddedDocumentBinaryObject")[0]).trim() : "";
          if (!payload) {
            io.stderr(`${target} has no QR\n`);
            return 1;
          }
        }
        const fields = decodeQr(payload);
        const values: [number, string][] = [
          [QR_TAGS.sellerName, fields.sellerName],
          [QR_TAGS.vatNumber, fields.vatNumber],
          [QR_TAGS.timestamp, fields.timestamp],
          [QR_TAGS.totalWithVat, fields.totalWithVat],
          [QR_TAGS.vatTotal, fields.vatTotal],
          [QR_TAGS.invoiceHash, fields.invoiceHash],
          [QR_TAGS.signature, fields.signature],
          [QR_TAGS.publicKey, Buffer.from(fields.publicKey).toString("base64")],
        ];
        if (fields.certificateSignature) values.push([QR_TAGS.certificateSignature, Buffer.from(fields.certificateSignature).toString("base64")]);
        io.stdout(values.map(([tag, value]) => `${tag} ${QR_LABELS[tag]}: ${value}\n`).join(""));
        return 0;
      }
      case "validate": {
        const xml = read(target);
        if (xml === undefined) return 2;
        // Parsed by our own reader first (it refuses a DTD and malformed XML: exit 2), then, as ZATCA's
        // validator orders them, the UBL 2.1 schema before the business rules.
        const rules = validateDocument(xml, { now: io.now() });
        const schemaProblems = await ublSchemaProblems(xml);
        const results = [
          { rule: "UBL-2.1-XSD", ok: schemaProblems.length === 0, message: schemaProblems.length === 0 ? "the document is valid against the UBL 2.1 Invoice schema" : `${schemaProblems.length} schema error(s)` },
          ...rules,
        ];
        for (const result of results) io.stdout(`${result.ok ? "ok  " : "FAIL"} ${result.rule}: ${result.message}\n`);
        for (const problem of schemaProblems) io.stdout(`     ${problem.line === null ? "" : `line ${problem.line}: `}${problem.message}\n`);
        const failures = results.filter((result) => !result.ok).length;
        io.stdout(failures === 0 ? `valid: ${results.length} checks pass\n` : `invalid: ${failures} of ${results.length} checks fail\n`);
        return failures === 0 ? 0 : 1;
      }
      default:
        io.stderr(`unknown command ${command}\n\n${USAGE}\n`);
        return 2;
    }
  } catch (error) {
    if (error instanceof XmlParseError) {
      io.stderr(`not well-formed XML: ${error.message}\n`);
      return 2;
    }
    if (error instanceof StampError || error instanceof CertificateError || error instanceof QrDecodeError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    // A key file that is not a key: Node's crypto says so in its own words.
    if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_OSSL")) {
      io.stderr(`cannot use the key: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readFile: (path) => readFileSync(path, "utf8"),
    writeFile: (path, text) => {
      // Never overwrite silently: a signed document is immutable once issued.
      writeFileSync(path, text, { flag: "wx" });
    },
    now: () => new Date(),
  };
}
