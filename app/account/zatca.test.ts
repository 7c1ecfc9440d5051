import { decimalAmount, decodeZatcaQr, tlv, vatIncluded, zatcaQrPayload, zatcaTlv } from "./zatca";

describe("ZATCA simplified invoice QR (TLV, base64)", () => {
  const sample = { sellerName: "Bobs Records", vatNumber: "310122393500003", timestamp: "2022-04-25T15:30:00Z", totalWithVat: "1000.00", vatAmount: "150.00" };

  test("the published example encodes to its known payload", () => {
    expect(zatcaQrPayload(sample)).toBe("AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==");
  });

  test("tags 1–5 with byte lengths; Arabic names count UTF-8 bytes", () => {
    const bytes = zatcaTlv(sample);
    expect([...bytes.slice(0, 3)]).toEqual([1, 12, "B".charCodeAt(0)]);
    expect([...tlv(1, "رحلة")]).toEqual([1, 8, ...new TextEncoder().encode("رحلة")]);
    const decoded = decodeZatcaQr(zatcaQrPayload({ ...sample, sellerName: "شركة رحلة للسفر" }));
    expect(decoded.get(1)).toBe("شركة رحلة للسفر");
    expect([...decoded.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(decoded.get(5)).toBe("150.00");
  });

  test("values longer than 255 bytes are refused", () => {
    expect(() => tlv(1, "x".repeat(256))).toThrow(RangeError);
  });

  test("VAT inside an inclusive total, and decimal strings", () => {
    expect(vatIncluded(115_000, 15)).toBe(15_000);
    expect(vatIncluded(100, 15)).toBe(13);
    expect(vatIncluded(1000, 0)).toBe(0);
    expect(decimalAmount(100_000, 2)).toBe("1000.00");
    expect(decimalAmount(5, 2)).toBe("0.05");
    expect(decimalAmount(1234, 3)).toBe("1.234");
    expect(decimalAmount(700, 0)).toBe("700");
  });
});
