/** A seller and an invoice for the invoicing tests: plain values, a fixed instant, the genesis PIH. */
import { GENESIS_PIH } from "#app/invoicing/stamp";
import type { InvoiceInput } from "#app/invoicing/ubl";

export const sampleSeller = {
  name: "شركة رحلة للسياحة | Rihla Tours LLC",
  vatNumber: "300000000000003",
  crn: "1010010000",
  address: { street: "King Fahd Road", buildingNumber: "1234", district: "Al Olaya", city: "Riyadh", postalZone: "12211", country: "SA" },
};

export function sampleInvoice(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    kind: "invoice",
    number: "INV-000001",
    uuid: "3cf5ee18-ee25-44ea-a444-2c37ba7f28be",
    issuedAt: new Date("2026-11-28T09:15:00Z"),
    counter: 1,
    previousHash: GENESIS_PIH,
    seller: sampleSeller,
    currency: "SAR",
    vatRatePercent: 15,
    paymentMeansCode: "48",
    lines: [
      { name: "Desert safari — adult", quantity: 2, totalWithVat: 69_000 },
      { name: "Desert safari — child", quantity: 1, totalWithVat: 17_250 },
    ],
    ...overrides,
  };
}
