/**
 * The QR code of a Saudi simplified tax invoice (ZATCA e-invoicing, phase 1): five TLV fields —
 * seller name, VAT registration number, invoice timestamp, total with VAT, VAT amount — each as
 * tag (1 byte), length (1 byte, UTF-8 bytes) and value, concatenated and base64-encoded. Pure.
 */
import { tlvField } from "#app/invoicing/qr";

export type ZatcaInvoiceFields = {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601 instant, e.g. 2022-04-25T15:30:00Z. */
  timestamp: string;
  /** Decimal strings in major units, e.g. "1000.00". */
  totalWithVat: string;
  vatAmount: string;
};

const encoder = new TextEncoder();

/** One TLV field; values over 255 UTF-8 bytes cannot be encoded with a one-byte length. */
export function tlv(tag: number, value: string): Uint8Array {
  return tlvField(tag, encoder.encode(value));
}

/** The TLV bytes of the five fields, in tag order 1–5. */
export function zatcaTlv(fields: ZatcaInvoiceFields): Uint8Array {
  const parts = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.totalWithVat, fields.vatAmount].map((value, index) => tlv(index + 1, value));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The base64 text the invoice's QR code carries. */
export function zatcaQrPayload(fields: ZatcaInvoiceFields): string {
  return Buffer.from(zatcaTlv(fields)).toString("base64");
}

/** Reads a payload back into tag → value (tests, and support tools checking an invoice). */
export function decodeZatcaQr(payload: string): Map<number, string> {
  const bytes = Buffer.from(payload, "base64");
  const fields = new Map<number, string>();
  let offset = 0;
  while (offset + 2 <= bytes.length) {
    const tag = bytes[offset]!;
    const length = bytes[offset + 1]!;
    fields.set(tag, bytes.subarray(offset + 2, offset + 2 + length).toString("utf8"));
    offset += 2 + length;
  }
  return fields;
}

/** VAT contained in a VAT-inclusive amount (minor units): total − total / (1 + rate). */
export function vatIncluded(totalWithVat: number, ratePercent: number): number {
  return totalWithVat - Math.round((totalWithVat * 100) / (100 + ratePercent));
}

/** Minor units as the decimal string the QR wants ("1000.00"). */
export function decimalAmount(minor: number, exponent: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(exponent + 1, "0");
  const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return negative ? `-${text}` : text;
}
