import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import jsQR from "jsqr";
import { PDFDocument } from "pdf-lib";
import { PNG } from "pngjs";
import { signUp } from "#app/auth/auth.server";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { rowsOf } from "#app/db/db.server";
import { orderItems, orders, payments } from "#app/db/schema";
import type { TestDatabase } from "#app/db/testing.server";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { getBookingForUser, getInvoiceForUser, listInvoices } from "./orders.server";
import { invoiceQrText, renderInvoicePdf, renderTicketPdf, ticketQrText } from "./pdf.server";
import { decodeZatcaQr } from "./zatca";

let ctx: TestContext;
let database: TestDatabase;
let engine: EmbeddedBookingEngine;
const clock = new Date("2030-01-08T06:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext({ env: { BOOKING_HOLD_MINUTES: "30" }, now: clock });
  database = ctx.database;
  engine = ctx.bookingApi as EmbeddedBookingEngine;
});

afterAll(() => ctx?.stop());

async function user(name: string) {
  const outcome = await signUp({ name, email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`, password: "password123", locale: "en", address: randomUUID() }, ctx);
  if (outcome.status !== "registered" || !outcome.user) throw new Error(outcome.status);
  return outcome.user;
}

/** A confirmed booking of a freely cancellable product, as a captured card order of `userId`. */
async function confirmedOrder(userId: string) {
  const [pick] = rowsOf<{ productId: string; optionId: string; unitId: string }>(
    await database.db.execute(sql`
      SELECT p.id AS "productId", o.id AS "optionId", (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS "unitId"
      FROM products p JOIN product_options o ON o.product_id = p.id AND o.is_default
      WHERE NOT p.no_fixed_price AND p.instant_confirmation AND NOT (p.cancellation_policy->>'nonRefundable')::boolean
        AND EXISTS (SELECT 1 FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT')
      ORDER BY p.id LIMIT 1`),
  );
  const slot = await engine.firstOpenSlot(pick!.productId, pick!.optionId, "2030-03-01");
  if (!slot) throw new Error("no slot");
  const uuid = randomUUID();
  await engine.reserve({ uuid, productId: pick!.productId, optionId: pick!.optionId, availabilityId: slot.id, unitItems: [{ unitId: pick!.unitId }] });
  await engine.confirm(uuid, { contact: { fullName: "Noura Al-Qahtani" } });
  const orderId = randomUUID();
  const itemId = randomUUID();
  await database.db.insert(orders).values({
    id: orderId, reference: `RH-${orderId.slice(0, 8).toUpperCase()}`, purchaseId: `P-${orderId.slice(0, 10)}`, idempotencyKey: orderId, accessToken: `${randomUUID()}${randomUUID()}`,
    userId, status: "CONFIRMED", paymentMethod: "card", locale: "en", currency: "SAR", originalAmount: 20_000, discountAmount: 2_000, totalAmount: 18_000, promoCode: "RIHLA10",
    firstName: "Noura", lastName: "Al-Qahtani", email: "noura@example.com", countryCode: "+966", phone: "501234567", purchasedAt: new Date("2030-01-07T10:00:00Z"),
  });
  await database.db.insert(orderItems).values({
    id: itemId, orderId, position: 0, bookingUuid: uuid, productId: pick!.productId, optionId: pick!.optionId, availabilityId: slot.id, localDate: slot.id.slice(0, 10),
    units: [{ unitId: pick!.unitId, quantity: 1 }], extraIds: [], instantConfirmation: true, currency: "SAR", amount: 20_000, discountShare: 2_000, status: "CONFIRMED",
  });
  await database.db.insert(payments).values({ id: randomUUID(), orderId, gateway: "sandbox", sessionId: `sbx_${orderId}`, redirectUrl: "/", captureMethod: "automatic", status: "CAPTURED", currency: "SAR", amount: 18_000, capturedAmount: 18_000 });
  return { orderId, itemId, bookingUuid: uuid };
}

describe("ownership (IDOR)", () => {
  test("another user's order, booking and invoice are not found", async () => {
    const owner = await user("Owner");
    const other = await user("Other");
    const { orderId, itemId } = await confirmedOrder(owner.id);
    expect((await listInvoices(owner.id, "en", ctx.db)).map((invoice) => invoice.id)).toEqual([orderId]);
    expect(await listInvoices(other.id, "en", ctx.db)).toEqual([]);
    expect(await getInvoiceForUser(other.id, orderId, "en", ctx.db)).toBeNull();
    expect(await getBookingForUser(other.id, itemId, "en", ctx.db)).toBeNull();
    expect(await getInvoiceForUser(owner.id, "not-a-uuid", "en", ctx.db)).toBeNull();
    expect((await getBookingForUser(owner.id, itemId, "en", ctx.db))?.item.travellers).toBe(1);
  });
});

/** Renders page 1 of a PDF to PNG with pdftoppm and decodes the QR code in it. */
async function qrOf(pdf: Uint8Array): Promise<string | null> {
  const file = path.join(ctx.env.DATA_DIR, `${randomUUID()}.pdf`);
  await writeFile(file, pdf);
  execFileSync("pdftoppm", ["-r", "110", "-png", "-singlefile", file, file]);
  const png = PNG.sync.read(await readFile(`${file}.png`));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe("PDFs", () => {
  test("ticket and tax invoice parse, carry their titles, and their QR codes decode", async () => {
    const owner = await user("Pdf");
    const { orderId, itemId } = await confirmedOrder(owner.id);
    for (const locale of ["en", "ar", "zh"] as const) {
      const found = (await getBookingForUser(owner.id, itemId, locale, ctx.db))!;
      const ticket = await renderTicketPdf(found.invoice, found.item, locale);
      const parsed = await PDFDocument.load(ticket);
      expect(parsed.getPageCount()).toBe(1);
      expect(parsed.getTitle()).toContain(found.invoice.reference);
      expect(await qrOf(ticket)).toBe(ticketQrText(found.invoice, found.item));
    }
    const invoice = (await getInvoiceForUser(owner.id, orderId, "ar", ctx.db))!;
    const pdf = await renderInvoicePdf(ctx.env, invoice, "ar");
    const payload = await qrOf(pdf);
    expect(payload).toBe(invoiceQrText(ctx.env, invoice));
    const fields = decodeZatcaQr(payload!);
    expect(fields.get(2)).toBe("310122393500003");
    expect(fields.get(3)).toBe("2030-01-07T10:00:00Z");
    expect(fields.get(4)).toBe("180.00");
    expect(fields.get(5)).toBe("23.48");
  });

  test("the tax invoice says how it was paid and what was refunded of it", async () => {
    const owner = await user("PaidWith");
    const { orderId } = await confirmedOrder(owner.id);
    const textOf = async () => {
      const file = path.join(ctx.env.DATA_DIR, `${randomUUID()}.pdf`);
      await writeFile(file, await renderInvoicePdf(ctx.env, (await getInvoiceForUser(owner.id, orderId, "en", ctx.db))!, "en"));
      return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
    };
    // A payment the gateway did not name is a card payment; nothing refunded, no refund line.
    const before = await textOf();
    expect(before).toMatch(/Paid with\s+Card/);
    expect(before).not.toContain("Refunded");
    await database.db.update(payments).set({ method: "mada", refundedAmount: 5_000 }).where(eq(payments.orderId, orderId));
    const after = await textOf();
    expect(after).toMatch(/Paid with\s+mada/);
    expect(after).toMatch(/Refunded\s+-SAR\s50\.00/);
  });
});
