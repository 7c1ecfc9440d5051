/**
 * Tickets (one per booking) and tax invoices (one per order) as PDFs, in the customer's language:
 * labels translated, Arabic shaped and right-aligned, Chinese in Noto Sans SC (./pdf-text.server).
 * A ticket's QR code carries the booking reference; an invoice's carries the ZATCA simplified-invoice
 * TLV (seller, VAT number, time, total with VAT, VAT).
 */
import { answerLine } from "#app/booking/questions";
import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { getFixedT } from "#app/i18n/i18n.server";
import { getLocale, type LocaleCode } from "#app/lib/locales";
import type { Env } from "#app/lib/env.server";

/** The seller the documents name (from the app context's env). */
export type SellerEnv = Pick<Env, "SELLER_NAME" | "SELLER_VAT_NUMBER" | "VAT_RATE">;
import { currencyExponent, formatMoney, isCurrencyCode } from "#app/lib/money";
import type { TicketDocument } from "#app/booking/ticket-links.server";
import type { Invoice, InvoiceItem } from "./orders.server";
import { PdfTextWriter } from "./pdf-text.server";
import { decimalAmount, vatIncluded, zatcaQrPayload } from "./zatca";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import type { IssuedTaxDocuments } from "#app/invoicing/order-tax-documents.server";

const A4: [number, number] = [595.28, 841.89];
/** About what fits the 150 pt label column at 11 pt. */
const ITEM_LABEL_CHARS = 26;
const MARGIN = 48;

/** What a ticket's QR code carries when the booking has no voucher code (bookings from before tickets). */
export function ticketQrText(invoice: Pick<Invoice, "reference">, item: Pick<InvoiceItem, "bookingUuid">): string {
  return `RIHLA-TICKET:${invoice.reference}:${item.bookingUuid}`;
}

/** The ZATCA payload of an order's tax invoice. */
export function invoiceQrText(env: SellerEnv, invoice: Pick<Invoice, "purchasedAt" | "totalAmount" | "currency">): string {
  const exponent = isCurrencyCode(invoice.currency) ? currencyExponent(invoice.currency) : 2;
  return zatcaQrPayload({
    sellerName: env.SELLER_NAME,
    vatNumber: env.SELLER_VAT_NUMBER,
    timestamp: invoice.purchasedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    totalWithVat: decimalAmount(invoice.totalAmount, exponent),
    vatAmount: decimalAmount(vatIncluded(invoice.totalAmount, env.VAT_RATE), exponent),
  });
}

/** An amount as the PDFs print it (Latin digits in every language). */
export function money(amount: number, currency: string, locale: LocaleCode): string {
  // Latin digits in every language: amounts and ids must read the same on the printed page and the QR.
  return formatMoney(amount, isCurrencyCode(currency) ? currency : "SAR", `${getLocale(locale).iso}-u-nu-latn`);
}

/** The Hijri (Umm al-Qura) date of an instant in Riyadh, in the page's language with Latin digits, as Saudi invoices print it beside the Gregorian one. */
function hijriDate(value: Date, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(`${getLocale(locale).iso}-u-ca-islamic-umalqura-nu-latn`, { dateStyle: "long", timeZone: RIYADH_TIME_ZONE }).format(value);
}

/** A date as the PDFs print it: an instant in Riyadh, or a local date ("YYYY-MM-DD"), long, Latin digits. */
export function date(value: Date | string, locale: LocaleCode): string {
  const instant = typeof value === "string" ? new Date(`${value}T12:00:00Z`) : value;
  return new Intl.DateTimeFormat(`${getLocale(locale).iso}-u-nu-latn`, { dateStyle: "long", timeZone: typeof value === "string" ? "UTC" : RIYADH_TIME_ZONE }).format(instant);
}

class Layout {
  y: number;
  readonly rtl: boolean;
  constructor(
    readonly page: PDFPage,
    readonly text: PdfTextWriter,
    locale: LocaleCode,
  ) {
    this.y = A4[1] - MARGIN;
    this.rtl = getLocale(locale).dir === "rtl";
  }
  get start() {
    return this.rtl ? A4[0] - MARGIN : MARGIN;
  }
  async line(value: string, size = 11, options: { bold?: boolean; gap?: number; color?: [number, number, number] } = {}) {
    this.y -= size + (options.gap ?? 6);
    await this.text.draw(this.page, value, { x: this.start, y: this.y, size, rtl: this.rtl, bold: options.bold, color: options.color });
  }
  /**
   * A label and its value on one row: label at the start edge, value after a fixed column. `arabic`:
   * the label in Arabic too, at the far edge of a left-to-right page (a Saudi tax invoice's labels are
   * bilingual).
   */
  async row(label: string, value: string, size = 11, arabic?: string) {
    this.y -= size + 7;
    const column = 150;
    await this.text.draw(this.page, label, { x: this.start, y: this.y, size, rtl: this.rtl, color: [0.35, 0.35, 0.4] });
    await this.text.draw(this.page, value, { x: this.rtl ? this.start - column : this.start + column, y: this.y, size, rtl: this.rtl });
    if (arabic && !this.rtl) await this.text.draw(this.page, arabic, { x: A4[0] - MARGIN, y: this.y, size: size - 1, rtl: true, color: [0.35, 0.35, 0.4] });
  }
  rule() {
    this.y -= 10;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.7, color: rgb(0.8, 0.8, 0.85) });
  }
}

async function drawQr(doc: PDFDocument, page: PDFPage, payload: string, layout: Layout, size = 150) {
  const png = await QRCode.toBuffer(payload, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 8 });
  const image = await doc.embedPng(png);
  const x = layout.rtl ? MARGIN : A4[0] - MARGIN - size;
  page.drawImage(image, { x, y: A4[1] - MARGIN - size - 10, width: size, height: size });
}

/** A one-page A4 document under the Rihla name: its title and language set, the QR code in the top corner, the heading drawn. */
async function openDocument(locale: LocaleCode, title: string, documentId: string, qrText: string): Promise<{ doc: PDFDocument; layout: Layout }> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${documentId}`);
  doc.setLanguage(getLocale(locale).iso);
  const page = doc.addPage(A4);
  const layout = new Layout(page, new PdfTextWriter(doc), locale);
  await drawQr(doc, page, qrText, layout);
  await layout.line("Rihla", 20, { bold: true, color: [0.05, 0.4, 0.45] });
  await layout.line(title, 16, { bold: true });
  return { doc, layout };
}

/** A ticket as a one-page PDF in the customer's language. */
export async function renderTicketDocument(ticket: TicketDocument, locale: LocaleCode): Promise<Uint8Array> {
  const t = getFixedT(locale);
  const { doc, layout } = await openDocument(locale, t("account.pdf.ticket"), ticket.reference, ticket.qrText);
  await layout.line(`${t("account.pdf.bookingRef")}: ${ticket.reference}`, 11, { gap: 10 });
  layout.y = Math.min(layout.y, A4[1] - MARGIN - 175);
  layout.rule();
  await layout.row(t("account.pdf.experience"), ticket.title);
  if (ticket.optionTitle) await layout.row("", ticket.optionTitle);
  await layout.row(t("account.pdf.date"), date(ticket.localDate, locale));
  if (ticket.startTime) await layout.row(t("account.pdf.time"), ticket.startTime);
  await layout.row(t("account.pdf.guest"), ticket.guestName);
  await layout.row(t("account.pdf.travellers"), ticket.unitTitle ? `${ticket.unitTitle} × 1` : t("account.invoices.travellers", { count: ticket.travellers }));
  if (ticket.meetingPoint) await layout.row(t("account.pdf.meetingPoint"), ticket.meetingPoint);
  if (ticket.pickup) await layout.row("", [ticket.pickup.name, ticket.pickup.address, ticket.pickup.time].filter(Boolean).join(" – "));
  if (ticket.extras.length) await layout.row(t("account.invoices.additionalServices"), ticket.extras.join(", "));
  for (const [index, answer] of (ticket.answers ?? []).entries()) await layout.row(index === 0 ? t("booking.questions.answers") : "", answer);
  layout.rule();
  await layout.line(t("account.pdf.showAtEntrance"), 10, { color: [0.35, 0.35, 0.4] });
  const printed = ticket.code ?? (ticket.qrText !== ticket.footer ? ticket.qrText : null);
  if (printed) await layout.line(printed, 9, { color: [0.35, 0.35, 0.4] });
  await layout.line(ticket.footer, 8, { color: [0.5, 0.5, 0.55] });
  return doc.save();
}

/**
 * The ticket of one storefront booking. When the booking engine issued a voucher, its QR opens the
 * voucher's check-in page in the console (what staff scan) and its code is printed; else the QR carries
 * the order reference and booking uuid.
 */
export async function renderTicketPdf(invoice: Invoice, item: InvoiceItem, locale: LocaleCode, voucher?: { code: string; checkInUrl: string } | null): Promise<Uint8Array> {
  return renderTicketDocument(
    {
      reference: invoice.reference,
      qrText: voucher?.checkInUrl ?? ticketQrText(invoice, item),
      code: voucher?.code ?? null,
      title: item.title,
      optionTitle: item.optionTitle,
      localDate: item.localDate,
      startTime: item.startTime,
      guestName: `${invoice.guest.firstName} ${invoice.guest.lastName}`,
      travellers: item.travellers,
      meetingPoint: item.meetingPoint,
      pickup: item.pickup,
      extras: item.extras,
      answers: item.answers.map(answerLine),
      footer: item.bookingUuid,
    },
    locale,
  );
}

/**
 * The simplified tax invoice of one order (prices include VAT). Once ZATCA's document is issued
 * (`issued`), its number, issue time and Phase 2 QR are the PDF's, its credit notes are listed, and the
 * labels are bilingual with the Hijri date beside the Gregorian one.
 */
export async function renderInvoicePdf(env: SellerEnv, invoice: Invoice, locale: LocaleCode, issued: IssuedTaxDocuments | null = null): Promise<Uint8Array> {
  const t = getFixedT(locale);
  const ar = getFixedT("ar");
  const both = (key: string, options?: Record<string, unknown>): [string, string] => [t(key, options), ar(key, options)];
  const { doc, layout } = await openDocument(locale, t("account.pdf.taxInvoice"), issued?.number ?? invoice.invoiceId, issued?.qr ?? invoiceQrText(env, invoice));
  // The title in Arabic too, right-aligned beside the QR code (a Saudi tax invoice is bilingual).
  if (locale !== "ar") await layout.text.draw(layout.page, ar("account.pdf.taxInvoice"), { x: A4[0] - MARGIN - 175, y: layout.y, size: 14, rtl: true, bold: true });
  await layout.line(`${t("account.invoices.invoiceId")}: ${issued?.number ?? invoice.invoiceId}`, 11, { gap: 10 });
  await layout.line(`${t("account.invoices.orderId")}: ${invoice.reference}`, 11);
  layout.y = Math.min(layout.y, A4[1] - MARGIN - 175);
  layout.rule();
  const row = async ([label, arabic]: [string, string], value: string) => layout.row(label, value, 11, arabic);
  await row(both("account.pdf.seller"), env.SELLER_NAME);
  await row(both("account.pdf.vatNumber"), env.SELLER_VAT_NUMBER);
  const issuedAt = issued?.issuedAt ?? invoice.purchasedAt;
  await row(both("account.pdf.issued"), date(issuedAt, locale));
  await row(both("account.pdf.hijriDate"), hijriDate(issuedAt, locale));
  await layout.row(t("account.pdf.guest"), `${invoice.guest.firstName} ${invoice.guest.lastName}`);
  layout.rule();
  for (const item of invoice.items) {
    const title = item.title.length > 80 ? `${item.title.slice(0, 77)}…` : item.title;
    // A title wider than the label column gets its own line, the amount under it.
    if (title.length > ITEM_LABEL_CHARS) {
      await layout.line(title, 11);
      await layout.row("", money(item.amount, invoice.currency, locale));
    } else await layout.row(title, money(item.amount, invoice.currency, locale));
  }
  layout.rule();
  const vat = vatIncluded(invoice.totalAmount, env.VAT_RATE);
  if (invoice.discountAmount > 0) await layout.row(`${t("account.invoices.discount")}${invoice.promoCode ? ` (${invoice.promoCode})` : ""}`, `-${money(invoice.discountAmount, invoice.currency, locale)}`);
  await row(both("account.pdf.subtotal"), money(invoice.totalAmount - vat, invoice.currency, locale));
  await row(both("account.pdf.vat", { rate: env.VAT_RATE }), money(vat, invoice.currency, locale));
  await row(both("account.pdf.totalWithVat"), money(invoice.totalAmount, invoice.currency, locale));
  if (invoice.paidWith) await layout.row(t("booking.result.paidWith"), t(`booking.paymentMethods.${invoice.paidWith}`));
  if (invoice.refundedAmount > 0) await layout.row(t("account.pdf.refunded"), `-${money(invoice.refundedAmount, invoice.currency, locale)}`);
  for (const note of issued?.debitNotes ?? []) await row(both("account.pdf.debitNote"), `${note.number} · +${money(note.payableAmount, invoice.currency, locale)} · ${date(note.issuedAt, locale)}`);
  for (const note of issued?.creditNotes ?? []) await row(both("account.pdf.creditNote"), `${note.number} · -${money(note.payableAmount, invoice.currency, locale)} · ${date(note.issuedAt, locale)}`);
  return doc.save();
}
