/**
 * Just enough ASN.1 DER to write a certificate signing request (and, in tests, the certificate a CA
 * issues for it) and to read one back: Node's crypto signs and verifies, but neither writes a CSR nor
 * signs with secp256k1 through WebCrypto, which the X.509 libraries build on.
 */
export const TAG = { integer: 0x02, bitString: 0x03, octetString: 0x04, oid: 0x06, utf8: 0x0c, printable: 0x13, ia5: 0x16, utcTime: 0x17, sequence: 0x30, set: 0x31 } as const;

function length(bytes: number): Buffer {
  if (bytes < 0x80) return Buffer.from([bytes]);
  const octets: number[] = [];
  for (let rest = bytes; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return Buffer.from([0x80 | octets.length, ...octets]);
}

export function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

export const sequence = (...content: Buffer[]) => der(TAG.sequence, ...content);
export const set = (...content: Buffer[]) => der(TAG.set, ...content);
export const utf8 = (text: string) => der(TAG.utf8, Buffer.from(text, "utf8"));
/** A context-specific constructed element ([n] in ASN.1). */
export const explicit = (n: number, ...content: Buffer[]) => der(0xa0 + n, ...content);

export function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(TAG.oid, Buffer.from(bytes));
}

/** An unsigned big-endian integer (a leading zero keeps it positive). */
export function integer(value: Buffer): Buffer {
  return der(TAG.integer, value[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
}

export function bitString(bytes: Buffer): Buffer {
  return der(TAG.bitString, Buffer.from([0]), bytes);
}

export function utcTime(at: Date): Buffer {
  return der(TAG.utcTime, Buffer.from(`${at.toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`, "ascii"));
}

export const OID = {
  commonName: "2.5.4.3",
  serialNumber: "2.5.4.5",
  country: "2.5.4.6",
  organization: "2.5.4.10",
  organizationalUnit: "2.5.4.11",
  title: "2.5.4.12",
  registeredAddress: "2.5.4.26",
  businessCategory: "2.5.4.15",
  userId: "0.9.2342.19200300.100.1.1",
  domainComponent: "0.9.2342.19200300.100.1.25",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  extensionRequest: "1.2.840.113549.1.9.14",
  subjectAltName: "2.5.29.17",
  /** Microsoft's certificate template name, which ZATCA reads to tell simulation from production. */
  certificateTemplateName: "1.3.6.1.4.1.311.20.2",
} as const;

/** A Name: one attribute per RDN, in the order given. Country is a PrintableString, DCs IA5, the rest UTF-8. */
export function distinguishedName(parts: ReadonlyArray<readonly [oid: string, value: string]>): Buffer {
  return sequence(
    ...parts.map(([oid, value]) => {
      const tag = oid === OID.country ? TAG.printable : oid === OID.domainComponent ? TAG.ia5 : TAG.utf8;
      return set(sequence(objectIdentifier(oid), der(tag, Buffer.from(value, "utf8"))));
    }),
  );
}

// ── Reading ───────────────────────────────────────────────────────────────────────────────────────

export type DerElement = { tag: number; /** The whole element, header included. */ bytes: Buffer; body: Buffer };

export class DerError extends Error {}

export function readElement(data: Buffer, offset = 0): DerElement {
  const tag = data[offset];
  let lengthByte = data[offset + 1];
  if (tag === undefined || lengthByte === undefined) throw new DerError("truncated");
  let bodyStart = offset + 2;
  let size = lengthByte;
  if (lengthByte & 0x80) {
    const octets = lengthByte & 0x7f;
    if (octets === 0 || octets > 4) throw new DerError("unsupported length");
    size = 0;
    for (let index = 0; index < octets; index += 1) {
      lengthByte = data[bodyStart + index];
      if (lengthByte === undefined) throw new DerError("truncated");
      size = size * 256 + lengthByte;
    }
    bodyStart += octets;
  }
  if (bodyStart + size > data.length) throw new DerError("truncated");
  return { tag, bytes: data.subarray(offset, bodyStart + size), body: data.subarray(bodyStart, bodyStart + size) };
}

/** The elements inside a constructed element's body. */
export function children(element: DerElement): DerElement[] {
  const found: DerElement[] = [];
  for (let offset = 0; offset < element.body.length; ) {
    const child = readElement(element.body, offset);
    found.push(child);
    offset += child.bytes.length;
  }
  return found;
}

export function readObjectIdentifier(element: DerElement): string {
  const bytes = [...element.body];
  const first = bytes.shift() ?? 0;
  const arcs = [Math.floor(first / 40), first % 40];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  return arcs.join(".");
}
