/**
 * UBL 2.1 XML of a ZATCA simplified tax invoice (388, subtype 0200000) and of a simplified credit
 * note (381, same root element as ZATCA's samples use), unsigned: stamp.ts adds the UBLExtensions,
 * the QR and cac:Signature. Plain values in, text out. Amounts are integer halalas; the customer paid
 * VAT-inclusive prices, so the net and VAT are derived from the order's total and reconcile to it to
 * the halala (see splitVatInclusive).
 */
import { xmlAttribute, xmlText } from "./xml";

export const SIMPLIFIED_SUBTYPE = "0200000";
export const TYPE_CODES = { invoice: "388", creditNote: "381", debitNote: "383" } as const;

export type SellerAddress = {
  street: string;
  /** Four digits (BR-KSA-37). */
  buildingNumber: string;
  district: string;
  city: string;
  /** Five digits (BR-KSA-66). */
  postalZone: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
};

export type Seller = {
  /** Registration name, as the QR's tag 1 repeats it. */
  name: string;
  /** 15 digits, first and last 3 (BR-KSA-39, BR-KSA-40). */
  vatNumber: string;
  /** Commercial registration number (scheme CRN). */
  crn: string;
  address: SellerAddress;
};

export type DocumentLine = {
  name: string;
  quantity: number;
  /** What the customer paid for the line, VAT included, in halalas. */
  totalWithVat: number;
};

type CommonInput = {
  /** The seller's document number (cbc:ID). */
  number: string;
  uuid: string;
  issuedAt: Date;
  /** Invoice counter value (KSA-16), per issuing unit, from 1. */
  counter: number;
  /** The previous document's invoice hash (KSA-13), or GENESIS_PIH for the first. */
  previousHash: string;
  seller: Seller;
  /**
   * The document's currency (the order's). Amounts are in its hundredths: halalas, cents, fils… (a
   * currency of no decimals, the yen, is scaled by the caller). Not SAR: the VAT is also stated in SAR.
   */
  currency: string;
  /** The VAT total in halalas (BT-111), required when the currency is not SAR. */
  vatInSar?: number;
  /** 15 in the Kingdom since July 2020. */
  vatRatePercent: number;
  lines: DocumentLine[];
  /** UNTDID 4461 (10 cash, 30 credit transfer, 48 bank card, 54 credit card, 55 debit card). */
  paymentMeansCode: string;
};

export type InvoiceInput = CommonInput & { kind: "invoice" };
export type CreditNoteInput = CommonInput & {
  kind: "creditNote";
  /** The number of the invoice this credit note corrects (BR-KSA-56). */
  invoiceNumber: string;
  /** Why the money goes back (KSA-10, BR-KSA-17). */
  reason: string;
};
/** More charged on an invoice already issued (a booking moved to a dearer day): the same references as a credit note. */
export type DebitNoteInput = Omit<CreditNoteInput, "kind"> & { kind: "debitNote" };
export type DocumentInput = InvoiceInput | CreditNoteInput | DebitNoteInput;

export type DocumentAmounts = {
  lines: { net: number; vat: number }[];
  /** Σ line nets = taxable amount. */
  net: number;
  /** net × rate, rounded half up to the halala (BR-S-09, BR-CO-14). */
  vat: number;
  /** The order's total minus (net + vat): 0, or ±1 halala where no net reconciles exactly. */
  rounding: number;
  /** What the customer paid. */
  payable: number;
};

/** VAT on a net amount in halalas, rounded half up (amounts here are never negative). */
export function vatOn(net: number, ratePercent: number): number {
  return Math.floor((net * ratePercent + 50) / 100);
}

/**
 * The net, VAT and payable rounding of VAT-inclusive line totals. The document's net is the one
 * whose VAT brings it back to the paid total; about one total in eight has none (1.15 × net skips
 * it), and then the halala left over is the PayableRoundingAmount, so PayableAmount is still exactly
 * what was paid. The net is shared over the lines by their totals, largest remainder first.
 */
export function splitVatInclusive(lineTotals: number[], ratePercent: number): DocumentAmounts {
  if (lineTotals.length === 0) throw new RangeError("a document needs at least one line");
  if (lineTotals.some((total) => !Number.isSafeInteger(total) || total < 0)) throw new RangeError("line totals are non-negative integer halalas");
  const payable = lineTotals.reduce((sum, total) => sum + total, 0);
  const estimate = Math.round((payable * 100) / (100 + ratePercent));
  let net = estimate;
  for (const candidate of [estimate, estimate - 1, estimate + 1, estimate - 2, estimate + 2]) {
    if (candidate >= 0 && candidate + vatOn(candidate, ratePercent) === payable) {
      net = candidate;
      break;
    }
  }
  const vat = vatOn(net, ratePercent);
  const shares = lineTotals.map((total) => (payable === 0 ? 0 : (net * total) / payable));
  const lineNets = shares.map(Math.floor);
  let left = net - lineNets.reduce((sum, value) => sum + value, 0);
  const byRemainder = shares.map((share, index) => ({ index, remainder: share - Math.floor(share) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    lineNets[index] = lineNets[index]! + 1;
    left -= 1;
  }
  return {
    lines: lineNets.map((lineNet) => ({ net: lineNet, vat: vatOn(lineNet, ratePercent) })),
    net,
    vat,
    rounding: payable - net - vat,
    payable,
  };
}

/** Halalas as "123.45". */
export function amountText(halalas: number): string {
  const sign = halalas < 0 ? "-" : "";
  const digits = String(Math.abs(halalas)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Saudi Arabia keeps UTC+3 all year: the issue date and time as the seller's clock reads them. */
export function riyadhDateTime(at: Date): { date: string; time: string } {
  const local = new Date(at.getTime() + 3 * 3_600_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 19) };
}

/** The unsigned UBL document. */
export function buildDocumentXml(input: DocumentInput): string {
  const amounts = splitVatInclusive(
    input.lines.map((line) => line.totalWithVat),
    input.vatRatePercent,
  );
  const currency = xmlAttribute(input.currency);
  const money = (element: string, halalas: number) => `<cbc:${element} currencyID="${currency}">${amountText(halalas)}</cbc:${element}>`;
  const foreign = input.currency !== "SAR";
  if (foreign && input.vatInSar === undefined) throw new Error(`a ${input.currency} document needs its VAT in SAR (BT-111)`);
  // The first TaxTotal is the VAT in the tax currency (SAR), the second the breakdown in the document's.
  const vatInTaxCurrency = foreign ? `<cbc:TaxAmount currencyID="SAR">${amountText(input.vatInSar!)}</cbc:TaxAmount>` : money("TaxAmount", amounts.vat);
  const rate = input.vatRatePercent.toFixed(2);
  const { date, time } = riyadhDateTime(input.issuedAt);
  const { seller } = input;
  const taxCategory = (element: string) =>
    `<cac:${element}><cbc:ID>S</cbc:ID><cbc:Percent>${rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${element}>`;

  const lines = input.lines.map((line, index) => {
    const { net, vat } = amounts.lines[index]!;
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new RangeError(`line ${index + 1}: quantity must be a positive integer`);
    // A unit price that is not a whole number of halalas is written as the line's price per its quantity
    // (cbc:BaseQuantity), so quantity × price ÷ base quantity is the line net exactly (BR-KSA-EN16931-11).
    const exact = net % line.quantity === 0;
    const price = exact ? net / line.quantity : net;
    const baseQuantity = exact ? "" : `<cbc:BaseQuantity unitCode="PCE">${line.quantity}</cbc:BaseQuantity>`;
    return `
  <cac:InvoiceLine>
    <cbc:ID>${index + 1}</cbc:ID>
    <cbc:InvoicedQuantity unitCode="PCE">${line.quantity}</cbc:InvoicedQuantity>
    ${money("LineExtensionAmount", net)}
    <cac:TaxTotal>
      ${money("TaxAmount", vat)}
      ${money("RoundingAmount", net + vat)}
    </cac:TaxTotal>
    <cac:Item>
      <cbc:Name>${xmlText(line.name)}</cbc:Name>
      ${taxCategory("ClassifiedTaxCategory")}
    </cac:Item>
    <cac:Price>
      ${money("PriceAmount", price)}${baseQuantity}
    </cac:Price>
  </cac:InvoiceLine>`;
  });

  const billingReference =
    input.kind !== "invoice"
      ? `
  <cac:BillingReference>
    <cac:InvoiceDocumentReference>
      <cbc:ID>${xmlText(input.invoiceNumber)}</cbc:ID>
    </cac:InvoiceDocumentReference>
  </cac:BillingReference>`
      : "";
  const instructionNote = input.kind !== "invoice" ? `\n    <cbc:InstructionNote>${xmlText(input.reason)}</cbc:InstructionNote>` : "";

  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">
  <cbc:ProfileID>reporting:1.0</cbc:ProfileID>
  <cbc:ID>${xmlText(input.number)}</cbc:ID>
  <cbc:UUID>${xmlText(input.uuid)}</cbc:UUID>
  <cbc:IssueDate>${date}</cbc:IssueDate>
  <cbc:IssueTime>${time}</cbc:IssueTime>
  <cbc:InvoiceTypeCode name="${SIMPLIFIED_SUBTYPE}">${TYPE_CODES[input.kind]}</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>${xmlText(input.currency)}</cbc:DocumentCurrencyCode>
  <cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>${billingReference}
  <cac:AdditionalDocumentReference>
    <cbc:ID>ICV</cbc:ID>
    <cbc:UUID>${input.counter}</cbc:UUID>
  </cac:AdditionalDocumentReference>
  <cac:AdditionalDocumentReference>
    <cbc:ID>PIH</cbc:ID>
    <cac:Attachment>
      <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${xmlText(input.previousHash)}</cbc:EmbeddedDocumentBinaryObject>
    </cac:Attachment>
  </cac:AdditionalDocumentReference>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cac:PartyIdentification>
        <cbc:ID schemeID="CRN">${xmlText(seller.crn)}</cbc:ID>
      </cac:PartyIdentification>
      <cac:PostalAddress>
        <cbc:StreetName>${xmlText(seller.address.street)}</cbc:StreetName>
        <cbc:BuildingNumber>${xmlText(seller.address.buildingNumber)}</cbc:BuildingNumber>
        <cbc:CitySubdivisionName>${xmlText(seller.address.district)}</cbc:CitySubdivisionName>
        <cbc:CityName>${xmlText(seller.address.city)}</cbc:CityName>
        <cbc:PostalZone>${xmlText(seller.address.postalZone)}</cbc:PostalZone>
        <cac:Country>
          <cbc:IdentificationCode>${xmlText(seller.address.country)}</cbc:IdentificationCode>
        </cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme>
        <cbc:CompanyID>${xmlText(seller.vatNumber)}</cbc:CompanyID>
        <cac:TaxScheme>
          <cbc:ID>VAT</cbc:ID>
        </cac:TaxScheme>
      </cac:PartyTaxScheme>
      <cac:PartyLegalEntity>
        <cbc:RegistrationName>${xmlText(seller.name)}</cbc:RegistrationName>
      </cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party/>
  </cac:AccountingCustomerParty>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>${xmlText(input.paymentMeansCode)}</cbc:PaymentMeansCode>${instructionNote}
  </cac:PaymentMeans>
  <cac:TaxTotal>
    ${vatInTaxCurrency}
  </cac:TaxTotal>
  <cac:TaxTotal>
    ${money("TaxAmount", amounts.vat)}
    <cac:TaxSubtotal>
      ${money("TaxableAmount", amounts.net)}
      ${money("TaxAmount", amounts.vat)}
      ${taxCategory("TaxCategory")}
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    ${money("LineExtensionAmount", amounts.net)}
    ${money("TaxExclusiveAmount", amounts.net)}
    ${money("TaxInclusiveAmount", amounts.net + amounts.vat)}
    ${money("AllowanceTotalAmount", 0)}
    ${money("PrepaidAmount", 0)}${amounts.rounding === 0 ? "" : `\n    ${money("PayableRoundingAmount", amounts.rounding)}`}
    ${money("PayableAmount", amounts.payable)}
  </cac:LegalMonetaryTotal>${lines.join("")}
</Invoice>
`;
}
