/**
 * ZATCA's cryptographic stamp of a UBL invoice or note, as ZATCA's SDK samples show it (each rule
 * below is checked against those samples in stamp.test.ts):
 * - invoice hash: the document without ext:UBLExtensions, cac:Signature and the QR
 *   AdditionalDocumentReference, Canonical XML 1.1, SHA-256, base64 of the digest bytes;
 * - signature: ECDSA secp256k1 with SHA-256 over those digest bytes (not over ds:SignedInfo);
 * - xades:CertDigest: base64 of the hex SHA-256 of the certificate's base64 text;
 * - SignedProperties reference: base64 of the hex SHA-256 of the element as written, with
 *   xmlns:xades on it and xmlns:ds on each ds: element (ZATCA's reconstruction, not a C14N form);
 * - the QR (tags 1–9) in an AdditionalDocumentReference with ID "QR".
 */
import { createHash, createPrivateKey, sign as signBytes, verify as verifyBytes, type KeyObject } from "node:crypto";
import { base64OfHexSha256, certificateDetails, type CertificateDetails } from "./certificate";
import { decodeQr, encodeQr, QrDecodeError, type QrFields } from "./qr";
import { child, descendants, parseXml, textOf, withoutElements, canonicalize, type XmlDocument, type XmlElement } from "./xml";

export const NS = {
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  ext: "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
  ds: "http://www.w3.org/2000/09/xmldsig#",
  xades: "http://uri.etsi.org/01903/v1.3.2#",
} as const;

function isHashExcluded(element: XmlElement): boolean {
  if (element.uri === NS.ext && element.local === "UBLExtensions") return true;
  if (element.uri === NS.cac && element.local === "Signature") return true;
  return element.uri === NS.cac && element.local === "AdditionalDocumentReference" && textOf(child(element, NS.cbc, "ID")).trim() === "QR";
}

function asDocument(xml: string | XmlDocument): XmlDocument {
  return typeof xml === "string" ? parseXml(xml) : xml;
}

/** The canonical text the invoice hash is taken over. */
export function hashInput(xml: string | XmlDocument): string {
  return canonicalize(withoutElements(asDocument(xml).root, isHashExcluded));
}

/** The invoice hash (base64 of the SHA-256 digest bytes) — the DigestValue of the URI="" reference. */
export function invoiceHash(xml: string | XmlDocument): string {
  return createHash("sha256").update(hashInput(xml), "utf8").digest("base64");
}

/** The first initial PIH of a chain: base64 of the hex SHA-256 of "0" (ZATCA's documented seed). */
export const GENESIS_PIH = base64OfHexSha256("0");

/** ECDSA-SHA256 over the digest bytes; DER signature, base64. */
export function signInvoiceHash(hash: string, privateKey: KeyObject): string {
  return signBytes("sha256", Buffer.from(hash, "base64"), privateKey).toString("base64");
}

export type SigningCredentials = { privateKey: KeyObject | string; certificate: string };

type SignedPropertiesValues = { signingTime: string; certificate: CertificateDetails };

function escape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The xades:SignedProperties element. `forDigest` adds the namespace declarations ZATCA's digest
 * is taken with; embedded, the same element inherits them from its ancestors. The indentation is
 * part of the digest input, so it is fixed here once for both.
 */
export function signedPropertiesXml({ signingTime, certificate }: SignedPropertiesValues, forDigest: boolean): string {
  const xadesNs = forDigest ? ` xmlns:xades="${NS.xades}"` : "";
  const dsNs = forDigest ? ` xmlns:ds="${NS.ds}"` : "";
  const line = (depth: number, text: string) => `\n${" ".repeat(depth)}${text}`;
  return (
    `<xades:SignedProperties${xadesNs} Id="xadesSignedProperties">` +
    line(36, "<xades:SignedSignatureProperties>") +
    line(40, `<xades:SigningTime>${escape(signingTime)}</xades:SigningTime>`) +
    line(40, "<xades:SigningCertificate>") +
    line(44, "<xades:Cert>") +
    line(48, "<xades:CertDigest>") +
    line(52, `<ds:DigestMethod${dsNs} Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>`) +
    line(52, `<ds:DigestValue${dsNs}>${certificate.digest}</ds:DigestValue>`) +
    line(48, "</xades:CertDigest>") +
    line(48, "<xades:IssuerSerial>") +
    line(52, `<ds:X509IssuerName${dsNs}>${escape(certificate.issuerName)}</ds:X509IssuerName>`) +
    line(52, `<ds:X509SerialNumber${dsNs}>${certificate.serialNumber}</ds:X509SerialNumber>`) +
    line(48, "</xades:IssuerSerial>") +
    line(44, "</xades:Cert>") +
    line(40, "</xades:SigningCertificate>") +
    line(36, "</xades:SignedSignatureProperties>") +
    line(32, "</xades:SignedProperties>")
  );
}

function ublExtensionsXml(values: { hash: string; signature: string; signedProperties: SignedPropertiesValues; declareExt: boolean }): string {
  const signedPropertiesDigest = base64OfHexSha256(signedPropertiesXml(values.signedProperties, true));
  const extNs = values.declareExt ? ` xmlns:ext="${NS.ext}"` : "";
  return `<ext:UBLExtensions${extNs}>
    <ext:UBLExtension>
        <ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>
        <ext:ExtensionContent>
            <sig:UBLDocumentSignatures xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2" xmlns:sac="urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2">
                <sac:SignatureInformation>
                    <cbc:ID xmlns:cbc="${NS.cbc}">urn:oasis:names:specification:ubl:signature:1</cbc:ID>
                    <sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>
                    <ds:Signature xmlns:ds="${NS.ds}" Id="signature">
                        <ds:SignedInfo>
                            <ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                            <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>
                            <ds:Reference Id="invoiceSignedData" URI="">
                                <ds:Transforms>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::ext:UBLExtensions)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:Signature)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                                </ds:Transforms>
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${values.hash}</ds:DigestValue>
                            </ds:Reference>
                            <ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${signedPropertiesDigest}</ds:DigestValue>
                            </ds:Reference>
                        </ds:SignedInfo>
                        <ds:SignatureValue>${values.signature}</ds:SignatureValue>
                        <ds:KeyInfo>
                            <ds:X509Data>
                                <ds:X509Certificate>${values.signedProperties.certificate.base64}</ds:X509Certificate>
                            </ds:X509Data>
                        </ds:KeyInfo>
                        <ds:Object>
                            <xades:QualifyingProperties xmlns:xades="${NS.xades}" Target="signature">
                                ${signedPropertiesXml(values.signedProperties, false)}
                            </xades:QualifyingProperties>
                        </ds:Object>
                    </ds:Signature>
                </sac:SignatureInformation>
            </sig:UBLDocumentSignatures>
        </ext:ExtensionContent>
    </ext:UBLExtension>
</ext:UBLExtensions>`;
}

/** The UTC instant as xades:SigningTime writes it (no zone designator, as in ZATCA's samples). */
export function signingTimeText(at: Date): string {
  return at.toISOString().slice(0, 19);
}

export class StampError extends Error {}

/** What a document says about itself that the QR repeats. */
export function qrSourceFields(document: XmlDocument): Pick<QrFields, "sellerName" | "vatNumber" | "timestamp" | "totalWithVat" | "vatTotal"> {
  const root = document.root;
  const supplierParty = child(child(root, NS.cac, "AccountingSupplierParty"), NS.cac, "Party");
  const taxTotals = root.children.filter((node): node is XmlElement => node.kind === "element" && node.uri === NS.cac && node.local === "TaxTotal");
  // Tag 5 is the VAT in the tax currency (SAR), which a foreign-currency document states in a TaxTotal of its own.
  const taxCurrency = textOf(child(root, NS.cbc, "TaxCurrencyCode")).trim();
  const taxAmounts = taxTotals.map((total) => child(total, NS.cbc, "TaxAmount")).filter((amount): amount is XmlElement => amount !== undefined);
  const inTaxCurrency = taxAmounts.find((amount) => amount.attributes.some((attribute) => attribute.local === "currencyID" && attribute.value === taxCurrency));
  const vatTotal = textOf(inTaxCurrency ?? taxAmounts[0]).trim();
  return {
    sellerName: textOf(child(child(supplierParty, NS.cac, "PartyLegalEntity"), NS.cbc, "RegistrationName")).trim(),
    vatNumber: textOf(child(child(supplierParty, NS.cac, "PartyTaxScheme"), NS.cbc, "CompanyID")).trim(),
    timestamp: `${textOf(child(root, NS.cbc, "IssueDate")).trim()}T${textOf(child(root, NS.cbc, "IssueTime")).trim()}`,
    // ZATCA's SDK writes the amount payable (after prepayments and the payable rounding), not
    // TaxInclusiveAmount: its samples with a rounding or an advance payment show so.
    totalWithVat: textOf(child(child(root, NS.cac, "LegalMonetaryTotal"), NS.cbc, "PayableAmount")).trim(),
    vatTotal,
  };
}

export type StampedDocument = { xml: string; invoiceHash: string; signature: string; qr: string };

/**
 * Stamps an unsigned document (no UBLExtensions, QR reference or cac:Signature yet): computes the
 * hash, signs it, and inserts the three parts where the hash cannot see them — so the stamped
 * document hashes as the unsigned one did, which is checked before returning.
 */
export function stampDocument(unsignedXml: string, credentials: SigningCredentials, signingTime: Date): StampedDocument {
  const document = parseXml(unsignedXml);
  const root = document.root;
  if (descendants(root, isHashExcluded).length > 0) throw new StampError("the document is already stamped (it has UBLExtensions, a QR reference or cac:Signature)");
  const certificate = certificateDetails(credentials.certificate);
  const privateKey = typeof credentials.privateKey === "string" ? createPrivateKey(credentials.privateKey) : credentials.privateKey;
  const hash = invoiceHash(document);
  const signature = signInvoiceHash(hash, privateKey);
  if (!verifyBytes("sha256", Buffer.from(hash, "base64"), certificate.x509.publicKey, Buffer.from(signature, "base64"))) {
    throw new StampError("the private key does not belong to the certificate");
  }
  const qr = encodeQr({ ...qrSourceFields(document), invoiceHash: hash, signature, publicKey: certificate.publicKey, certificateSignature: certificate.signature });
  const extensions = ublExtensionsXml({
    hash,
    signature,
    signedProperties: { signingTime: signingTimeText(signingTime), certificate },
    declareExt: !root.declarations.some(({ prefix, uri }) => prefix === "ext" && uri === NS.ext),
  });
  const cacPrefix = root.declarations.find(({ uri }) => uri === NS.cac)?.prefix;
  const cbcPrefix = root.declarations.find(({ uri }) => uri === NS.cbc)?.prefix;
  if (cacPrefix !== "cac" || cbcPrefix !== "cbc") throw new StampError("the document must declare the cac and cbc prefixes on its root element");
  const qrAndSignature =
    `<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>` +
    `<cac:Signature><cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID><cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod></cac:Signature>`;

  // Where to put them: UBLExtensions first in the root; the QR after the last AdditionalDocumentReference
  // (the PIH) and the signature right after it, as UBL's element order wants.
  const rootStart = /<(Invoice|CreditNote)\b[^>]*>/.exec(unsignedXml);
  if (!rootStart) throw new StampError("the document element must be Invoice or CreditNote");
  const afterRootStart = rootStart.index + rootStart[0].length;
  const lastReferenceEnd = unsignedXml.lastIndexOf("</cac:AdditionalDocumentReference>");
  if (lastReferenceEnd < 0) throw new StampError("the document has no AdditionalDocumentReference (ICV, PIH)");
  const afterLastReference = lastReferenceEnd + "</cac:AdditionalDocumentReference>".length;
  const xml =
    unsignedXml.slice(0, afterRootStart) + extensions + unsignedXml.slice(afterRootStart, afterLastReference) + qrAndSignature + unsignedXml.slice(afterLastReference);
  if (invoiceHash(xml) !== hash) throw new StampError("inserting the stamp changed the invoice hash");
  return { xml, invoiceHash: hash, signature, qr };
}

export type StampCheck = { name: string; ok: boolean; detail?: string };

/** Every check a stamped document's own contents allow, each named, for tests and `zatca validate`. */
export function checkStamp(xml: string | XmlDocument): StampCheck[] {
  const document = asDocument(xml);
  const root = document.root;
  const checks: StampCheck[] = [];
  const signatureElement = descendants(root, (element) => element.uri === NS.ds && element.local === "Signature")[0];
  if (!signatureElement) return [{ name: "signature present", ok: false, detail: "no ds:Signature in UBLExtensions" }];
  const references = descendants(signatureElement, (element) => element.uri === NS.ds && element.local === "Reference");
  const invoiceReference = references.find((reference) => reference.attributes.some((attribute) => attribute.local === "URI" && attribute.value === ""));
  const propertiesReference = references.find((reference) => reference.attributes.some((attribute) => attribute.local === "URI" && attribute.value === "#xadesSignedProperties"));
  const digestOf = (element: XmlElement | undefined) => textOf(child(element, NS.ds, "DigestValue")).trim();
  const hash = invoiceHash(document);
  const recordedHash = digestOf(invoiceReference);
  checks.push({ name: "invoice hash = DigestValue", ok: hash === recordedHash, detail: `computed ${hash}, recorded ${recordedHash}` });

  const certificateText = textOf(descendants(signatureElement, (element) => element.uri === NS.ds && element.local === "X509Certificate")[0]).trim();
  let certificate: CertificateDetails | undefined;
  try {
    certificate = certificateDetails(certificateText);
  } catch (error) {
    checks.push({ name: "certificate readable", ok: false, detail: error instanceof Error ? error.message : String(error) });
  }
  const signatureValue = textOf(child(signatureElement, NS.ds, "SignatureValue")).trim();
  if (certificate) {
    const signatureOk = verifyBytes("sha256", Buffer.from(recordedHash, "base64"), certificate.x509.publicKey, Buffer.from(signatureValue, "base64"));
    checks.push({ name: "signature verifies against the certificate", ok: signatureOk });
    const properties = descendants(signatureElement, (element) => element.uri === NS.xades && element.local === "SignedProperties")[0];
    const signingTime = textOf(descendants(properties ?? signatureElement, (element) => element.local === "SigningTime")[0]).trim();
    const certDigest = textOf(descendants(properties ?? signatureElement, (element) => element.uri === NS.ds && element.local === "DigestValue")[0]).trim();
    checks.push({ name: "xades CertDigest = certificate digest", ok: certDigest === certificate.digest, detail: `recorded ${certDigest}` });
    const rebuilt = base64OfHexSha256(signedPropertiesXml({ signingTime, certificate }, true));
    checks.push({ name: "SignedProperties digest", ok: rebuilt === digestOf(propertiesReference), detail: `rebuilt ${rebuilt}` });
  }

  const qrReference = root.children.find((node): node is XmlElement => node.kind === "element" && isHashExcluded(node) && node.local === "AdditionalDocumentReference");
  const qrPayload = textOf(descendants(qrReference ?? root, (element) => element.local === "EmbeddedDocumentBinaryObject")[0]).trim();
  if (!qrReference || !qrPayload) {
    checks.push({ name: "QR present", ok: false });
    return checks;
  }
  try {
    const qr = decodeQr(qrPayload);
    const source = qrSourceFields(document);
    checks.push({ name: "QR hash = invoice hash", ok: qr.invoiceHash === hash, detail: `QR ${qr.invoiceHash}` });
    checks.push({ name: "QR signature = SignatureValue", ok: qr.signature === signatureValue });
    checks.push({ name: "QR seller, VAT number, time and totals = document", ok: (Object.keys(source) as (keyof typeof source)[]).every((key) => qr[key] === source[key]) });
    if (certificate) {
      checks.push({ name: "QR public key = certificate's", ok: Buffer.compare(Buffer.from(qr.publicKey), Buffer.from(certificate.publicKey)) === 0 });
      // Tag 9 is for simplified documents (subtype 02…); a standard invoice's QR stops at tag 8.
      const subtype = child(root, NS.cbc, "InvoiceTypeCode")?.attributes.find((attribute) => attribute.local === "name")?.value ?? "";
      if (qr.certificateSignature !== null || subtype.startsWith("02")) {
        const same = qr.certificateSignature !== null && Buffer.compare(Buffer.from(qr.certificateSignature), Buffer.from(certificate.signature)) === 0;
        checks.push({ name: "QR certificate signature = certificate's", ok: same });
      }
    }
  } catch (error) {
    if (!(error instanceof QrDecodeError)) throw error;
    checks.push({ name: "QR decodes", ok: false, detail: error.message });
  }
  return checks;
}
