/**
 * A practical subset of ZATCA's business rules (BR-KSA-*) and of the EN 16931 rules it adopts
 * (BR-CO-*, BR-S-*, BR-DEC-*), those that apply to a simplified tax invoice or note, each named by
 * its rule id. Not the UBL 2.1 schema and not the whole schematron: ZATCA's SDK remains the authority;
 * this catches what our own documents could get wrong before they are reported.
 */
import { checkStamp, NS } from "./stamp";
import { child, descendants, parseXml, textOf, type XmlDocument, type XmlElement } from "./xml";

export type RuleResult = { rule: string; ok: boolean; message: string };

const halalas = (text: string): number | undefined => {
  if (!/^-?\d+(\.\d{1,2})?$/.test(text.trim())) return undefined;
  const [whole = "0", fraction = ""] = text.trim().replace("-", "").split(".");
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return text.trim().startsWith("-") ? -value : value;
};

function elements(parent: XmlElement | undefined, namespace: string, local: string): XmlElement[] {
  return parent ? parent.children.filter((node): node is XmlElement => node.kind === "element" && node.uri === namespace && node.local === local) : [];
}

const cbc = (parent: XmlElement | undefined, local: string) => textOf(child(parent, NS.cbc, local)).trim();
const cac = (parent: XmlElement | undefined, local: string) => child(parent, NS.cac, local);

function referenceById(root: XmlElement, id: string): XmlElement | undefined {
  return elements(root, NS.cac, "AdditionalDocumentReference").find((reference) => cbc(reference, "ID") === id);
}

export function validateDocument(xml: string | XmlDocument, options: { now: Date }): RuleResult[] {
  const document = typeof xml === "string" ? parseXml(xml) : xml;
  const root = document.root;
  const results: RuleResult[] = [];
  const rule = (id: string, ok: boolean, message: string) => results.push({ rule: id, ok, message });

  const typeCode = child(root, NS.cbc, "InvoiceTypeCode");
  const typeCodeValue = textOf(typeCode).trim();
  const subtype = typeCode?.attributes.find((attribute) => attribute.local === "name" && attribute.uri === "")?.value ?? "";
  const isNote = typeCodeValue === "381" || typeCodeValue === "383";

  rule("BR-KSA-EN16931-01", cbc(root, "ProfileID") === "reporting:1.0", "business process (ProfileID) is reporting:1.0");
  rule("BR-KSA-03", /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(cbc(root, "UUID")), "the document carries a UUID (KSA-1)");
  const issueDate = cbc(root, "IssueDate");
  const issueTime = cbc(root, "IssueTime");
  // The issue date is on the seller's clock (UTC+3); a day of slack covers every time zone.
  rule("BR-KSA-04", /^\d{4}-\d{2}-\d{2}$/.test(issueDate) && issueDate <= new Date(options.now.getTime() + 86_400_000).toISOString().slice(0, 10), "the issue date is a date and not in the future");
  rule("BR-KSA-70", /^\d{2}:\d{2}:\d{2}$/.test(issueTime), "the issue time (KSA-25) is hh:mm:ss");
  rule("BR-KSA-05", ["388", "383", "381"].includes(typeCodeValue), "the document type is 388 (invoice), 383 (debit note) or 381 (credit note)");
  rule("BR-KSA-06", /^0[12][01][01][01][01][01]$/.test(subtype), "the transaction type (InvoiceTypeCode/@name) is NNPNESB");
  rule("BR-KSA-06 (simplified)", subtype.startsWith("02"), "the document is a simplified one (subtype 02…)");
  rule("BR-KSA-68", cbc(root, "TaxCurrencyCode") !== "", "the tax currency code is present");
  rule("BR-KSA-EN16931-02", cbc(root, "TaxCurrencyCode") === "SAR", "the VAT accounting currency is SAR");
  const counter = textOf(child(referenceById(root, "ICV"), NS.cbc, "UUID")).trim();
  rule("BR-KSA-33", counter !== "", "the invoice counter value (ICV, KSA-16) is present");
  rule("BR-KSA-34", /^\d+$/.test(counter), "the invoice counter value contains only digits");
  const previousHash = textOf(descendants(referenceById(root, "PIH") ?? root, (element) => element.local === "EmbeddedDocumentBinaryObject")[0]).trim();
  rule("BR-KSA-61", referenceById(root, "PIH") !== undefined && previousHash !== "", "the previous invoice hash (PIH, KSA-13) is present");
  const pihBytes = Buffer.from(previousHash, "base64");
  rule("BR-KSA-26", pihBytes.length === 32 || /^[0-9a-f]{64}$/.test(pihBytes.toString("latin1")), "the previous invoice hash is a base64 SHA-256 digest");
  if (isNote) {
    const billingReferences = elements(root, NS.cac, "BillingReference").map((reference) => cbc(cac(reference, "InvoiceDocumentReference"), "ID"));
    rule("BR-KSA-56", billingReferences.length > 0 && billingReferences.every((id) => id !== ""), "a credit or debit note names the invoice it corrects (BillingReference)");
    const reasons = elements(root, NS.cac, "PaymentMeans").flatMap((means) => elements(means, NS.cbc, "InstructionNote").map((note) => textOf(note).trim()));
    rule("BR-KSA-17", reasons.some((reason) => reason !== ""), "a credit or debit note gives its reason (PaymentMeans/InstructionNote, KSA-10)");
  }

  const seller = cac(cac(root, "AccountingSupplierParty"), "Party");
  const sellerIds = elements(seller, NS.cac, "PartyIdentification").map((identification) => child(identification, NS.cbc, "ID"));
  const schemes = ["CRN", "MOM", "MLS", "700", "SAG", "OTH"];
  rule(
    "BR-KSA-08",
    sellerIds.length > 0 && sellerIds.every((id) => schemes.includes(id?.attributes.find((attribute) => attribute.local === "schemeID")?.value ?? "") && /^[A-Za-z0-9]+$/.test(textOf(id).trim())),
    "the seller's identification has a scheme of CRN, MOM, MLS, 700, SAG or OTH and is alphanumeric",
  );
  const address = cac(seller, "PostalAddress");
  rule(
    "BR-KSA-09",
    ["StreetName", "BuildingNumber", "PostalZone", "CityName", "CitySubdivisionName"].every((field) => cbc(address, field) !== "") && cbc(cac(address, "Country"), "IdentificationCode") !== "",
    "the seller's address has street, building number, postal code, city, district and country",
  );
  const inKingdom = cbc(cac(address, "Country"), "IdentificationCode") === "SA";
  rule("BR-KSA-37", !inKingdom || /^\d{4}$/.test(cbc(address, "BuildingNumber")), "the seller's building number is four digits");
  rule("BR-KSA-66", !inKingdom || /^\d{5}$/.test(cbc(address, "PostalZone")), "the seller's postal code is five digits");
  const vatNumber = cbc(cac(seller, "PartyTaxScheme"), "CompanyID");
  rule("BR-KSA-39", vatNumber !== "", "the seller's VAT registration number is present");
  rule("BR-KSA-40", /^3\d{13}3$/.test(vatNumber), "the seller's VAT number is 15 digits, the first and last 3");
  rule("BR-06", cbc(cac(seller, "PartyLegalEntity"), "RegistrationName") !== "", "the seller's name is present");

  // Amounts.
  const amountElements = descendants(root, (element) => element.uri === NS.cbc && element.attributes.some((attribute) => attribute.local === "currencyID"));
  const badAmounts = amountElements.filter((element) => element.local !== "PriceAmount" && element.local !== "BaseQuantity" && halalas(textOf(element)) === undefined);
  rule("BR-DEC", badAmounts.length === 0, `amounts have at most two decimals${badAmounts.length ? ` (${badAmounts.map((element) => element.local).join(", ")})` : ""}`);
  const negative = amountElements.filter((element) => element.local !== "PayableRoundingAmount" && (halalas(textOf(element)) ?? 0) < 0);
  rule("BR-KSA-F-04", negative.length === 0, `amounts are not negative${negative.length ? ` (${negative.map((element) => element.local).join(", ")})` : ""}`);
  const totals = cac(root, "LegalMonetaryTotal");
  const total = (local: string) => halalas(cbc(totals, local) || "0") ?? Number.NaN;
  const lines = elements(root, NS.cac, "InvoiceLine");
  rule("BR-16", lines.length > 0, "the document has at least one line");
  const lineNets = lines.map((line) => halalas(cbc(line, "LineExtensionAmount")) ?? Number.NaN);
  rule("BR-CO-10", lineNets.reduce((sum, net) => sum + net, 0) === total("LineExtensionAmount"), "the sum of line net amounts equals LineExtensionAmount");
  rule(
    "BR-CO-13",
    total("TaxExclusiveAmount") === total("LineExtensionAmount") - total("AllowanceTotalAmount") + total("ChargeTotalAmount"),
    "TaxExclusiveAmount = LineExtensionAmount − allowances + charges",
  );
  const taxTotals = elements(root, NS.cac, "TaxTotal");
  // The VAT total in the document's currency (BT-110); a document in another currency than SAR also
  // states it in SAR (BT-111), in a TaxTotal of its own.
  const documentCurrency = cbc(root, "DocumentCurrencyCode");
  const taxAmountIn = (currencyCode: string) => taxTotals.map((taxTotal) => child(taxTotal, NS.cbc, "TaxAmount")).find((amount) => amount?.attributes.some((attribute) => attribute.local === "currencyID" && attribute.value === currencyCode));
  const vatTotal = halalas(textOf(taxAmountIn(documentCurrency))) ?? Number.NaN;
  if (documentCurrency !== "SAR") rule("BR-53", halalas(textOf(taxAmountIn("SAR"))) !== undefined, "a document in another currency states its VAT total in SAR (BT-111)");
  rule("BR-CO-15", total("TaxInclusiveAmount") === total("TaxExclusiveAmount") + vatTotal, "TaxInclusiveAmount = TaxExclusiveAmount + VAT total");
  rule(
    "BR-CO-16",
    total("PayableAmount") === total("TaxInclusiveAmount") - total("PrepaidAmount") + total("PayableRoundingAmount"),
    "PayableAmount = TaxInclusiveAmount − PrepaidAmount + PayableRoundingAmount",
  );
  const subtotals = taxTotals.flatMap((taxTotal) => elements(taxTotal, NS.cac, "TaxSubtotal"));
  rule("BR-CO-18", subtotals.length > 0, "the document has a VAT breakdown (TaxSubtotal)");
  rule(
    "BR-CO-14",
    subtotals.reduce((sum, subtotal) => sum + (halalas(cbc(subtotal, "TaxAmount")) ?? Number.NaN), 0) === vatTotal,
    "the VAT total equals the sum of the VAT breakdown",
  );
  for (const subtotal of subtotals) {
    const category = cac(subtotal, "TaxCategory");
    if (cbc(category, "ID") !== "S") continue;
    const taxable = halalas(cbc(subtotal, "TaxableAmount")) ?? Number.NaN;
    const percent = Number(cbc(category, "Percent"));
    // Exact here; ZATCA's schematron tolerates one halala per line and only warns. Ours are exact.
    rule("BR-S-09", halalas(cbc(subtotal, "TaxAmount")) === Math.floor((taxable * percent + 50) / 100), `standard-rated VAT = taxable amount × ${percent} %, rounded`);
  }
  lines.forEach((line, index) => {
    const net = lineNets[index] ?? Number.NaN;
    const lineTax = cac(line, "TaxTotal");
    const lineVat = halalas(cbc(lineTax, "TaxAmount")) ?? Number.NaN;
    const percent = Number(cbc(cac(cac(line, "Item"), "ClassifiedTaxCategory"), "Percent"));
    // No rule id: ZATCA states KSA-11 as net × rate in its calculation guidance, not as a BR-KSA rule.
    rule(`KSA-11 (line ${index + 1})`, lineVat === Math.floor((net * percent + 50) / 100), "the line VAT amount = line net × rate, rounded");
    rule(`BR-KSA-51 (line ${index + 1})`, halalas(cbc(lineTax, "RoundingAmount")) === net + lineVat, "the line amount with VAT (RoundingAmount) = line net + line VAT");
    const quantity = Number(cbc(line, "InvoicedQuantity"));
    const price = cac(line, "Price");
    const baseQuantity = Number(cbc(price, "BaseQuantity") || "1");
    const priceAmount = Number(cbc(price, "PriceAmount"));
    rule(`BR-KSA-EN16931-11 (line ${index + 1})`, Math.round((quantity * priceAmount * 100) / baseQuantity) === net, "the line net = quantity × price ÷ base quantity");
  });

  // The stamp (simplified documents are signed by the seller's device and carry the QR).
  const hasExtensions = child(root, NS.ext, "UBLExtensions") !== undefined;
  rule("BR-KSA-60", hasExtensions, "the cryptographic stamp (UBLExtensions) is present");
  rule("BR-KSA-28", cac(root, "Signature") !== undefined, "the signature reference (cac:Signature) is present");
  rule("BR-KSA-27", referenceById(root, "QR") !== undefined, "the QR code (AdditionalDocumentReference QR) is present");
  if (hasExtensions) for (const check of checkStamp(document)) rule("stamp", check.ok, check.name + (check.ok || !check.detail ? "" : ` (${check.detail})`));
  return results;
}
