/**
 * The Phase 2 QR code of a simplified tax invoice or note: nine TLV fields (tag 1 byte, length 1 byte,
 * value), base64-encoded. Tags 1–7 are UTF-8 text; 8 (the public key, DER SubjectPublicKeyInfo) and 9
 * (the certificate's own signature, DER) are raw bytes — ZATCA's SDK samples encode them so.
 */
export const QR_TAGS = {
  sellerName: 1,
  vatNumber: 2,
  timestamp: 3,
  totalWithVat: 4,
  vatTotal: 5,
  invoiceHash: 6,
  signature: 7,
  publicKey: 8,
  certificateSignature: 9,
} as const;

export type QrFields = {
  sellerName: string;
  vatNumber: string;
  /** As the document's IssueDate and IssueTime read, e.g. 2022-08-17T17:41:08. */
  timestamp: string;
  totalWithVat: string;
  vatTotal: string;
  invoiceHash: string;
  signature: string;
  publicKey: Uint8Array;
  certificateSignature: Uint8Array;
};

/** What a QR read back holds: a standard (B2B) invoice's QR stops at tag 8. */
export type DecodedQr = Omit<QrFields, "certificateSignature"> & { certificateSignature: Uint8Array | null };

const encoder = new TextEncoder();

/** One TLV field (a one-byte tag and length): the Phase 1 QR's five fields and the Phase 2 QR's nine alike. */
export function tlvField(tag: number, value: Uint8Array): Uint8Array {
  if (tag < 1 || tag > 255) throw new RangeError(`TLV tag ${tag} out of range`);
  if (value.length > 255) throw new RangeError(`QR field ${tag} is ${value.length} bytes (max 255)`);
  const out = new Uint8Array(value.length + 2);
  out[0] = tag;
  out[1] = value.length;
  out.set(value, 2);
  return out;
}

/** The base64 payload of the nine fields. */
export function encodeQr(fields: QrFields): string {
  const values: [number, Uint8Array][] = [
    [QR_TAGS.sellerName, encoder.encode(fields.sellerName)],
    [QR_TAGS.vatNumber, encoder.encode(fields.vatNumber)],
    [QR_TAGS.timestamp, encoder.encode(fields.timestamp)],
    [QR_TAGS.totalWithVat, encoder.encode(fields.totalWithVat)],
    [QR_TAGS.vatTotal, encoder.encode(fields.vatTotal)],
    [QR_TAGS.invoiceHash, encoder.encode(fields.invoiceHash)],
    [QR_TAGS.signature, encoder.encode(fields.signature)],
    [QR_TAGS.publicKey, fields.publicKey],
    [QR_TAGS.certificateSignature, fields.certificateSignature],
  ];
  return Buffer.concat(values.map(([tag, value]) => tlvField(tag, value))).toString("base64");
}

export class QrDecodeError extends Error {}

/** Reads a payload back into its fields; a truncated or malformed payload is an error, not a guess. */
export function decodeQr(payload: string): DecodedQr {
  const bytes = Buffer.from(payload.trim(), "base64");
  const raw = new Map<number, Buffer>();
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 2 > bytes.length) throw new QrDecodeError(`truncated field header at byte ${offset}`);
    const tag = bytes[offset]!;
    const length = bytes[offset + 1]!;
    if (offset + 2 + length > bytes.length) throw new QrDecodeError(`field ${tag} runs past the end of the payload`);
    if (raw.has(tag)) throw new QrDecodeError(`field ${tag} appears twice`);
    raw.set(tag, bytes.subarray(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  const get = (tag: number) => {
    const value = raw.get(tag);
    if (!value) throw new QrDecodeError(`field ${tag} is missing`);
    return value;
  };
  return {
    sellerName: get(QR_TAGS.sellerName).toString("utf8"),
    vatNumber: get(QR_TAGS.vatNumber).toString("utf8"),
    timestamp: get(QR_TAGS.timestamp).toString("utf8"),
    totalWithVat: get(QR_TAGS.totalWithVat).toString("utf8"),
    vatTotal: get(QR_TAGS.vatTotal).toString("utf8"),
    invoiceHash: get(QR_TAGS.invoiceHash).toString("utf8"),
    signature: get(QR_TAGS.signature).toString("utf8"),
    publicKey: new Uint8Array(get(QR_TAGS.publicKey)),
    certificateSignature: raw.has(QR_TAGS.certificateSignature) ? new Uint8Array(get(QR_TAGS.certificateSignature)) : null,
  };
}
