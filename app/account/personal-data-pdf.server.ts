/**
 * Download my data, readable: the same document as /account/data.json (`PersonalData`), laid out as an
 * A4 PDF in the customer's language — labels translated, Arabic shaped and right-aligned, Chinese in
 * Noto Sans SC (./pdf-text.server), as many pages as it takes. Takes the plain object, so a staff
 * export of a customer's data can render it too.
 */
import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import { getFixedT } from "#app/i18n/i18n.server";
import { getLocale, isLocaleCode, type LocaleCode } from "#app/lib/locales";
import { date, money } from "./pdf.server";
import { PdfTextWriter } from "./pdf-text.server";
import type { PersonalData } from "./personal-data.server";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;
/** The label column of a row. */
const COLUMN = 140;
const GREY: [number, number, number] = [0.35, 0.35, 0.4];

/** Pages that follow each other: a line that does not fit starts the next page. */
class Pages {
  page!: PDFPage;
  y = 0;
  readonly rtl: boolean;
  readonly text: PdfTextWriter;
  constructor(
    private readonly doc: PDFDocument,
    locale: LocaleCode,
  ) {
    this.rtl = getLocale(locale).dir === "rtl";
    this.text = new PdfTextWriter(doc);
    this.newPage();
  }
  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }
  private get start() {
    return this.rtl ? A4[0] - MARGIN : MARGIN;
  }
  /** `text` cut into lines no wider than `width` (between words; a word wider than a line is cut). */
  private async wrap(value: string, size: number, width: number): Promise<string[]> {
    const lines: string[] = [];
    let current = "";
    for (const word of value.split(/\s+/).filter(Boolean)) {
      const tried = current ? `${current} ${word}` : word;
      if ((await this.text.width(tried, size)) <= width) {
        current = tried;
        continue;
      }
      if (current) lines.push(current);
      current = "";
      let piece = "";
      for (const char of word) {
        if (piece && (await this.text.width(piece + char, size)) > width) {
          lines.push(piece);
          piece = "";
        }
        piece += char;
      }
      current = piece;
    }
    if (current) lines.push(current);
    return lines.length ? lines : [""];
  }
  async line(value: string, size = 10, options: { bold?: boolean; gap?: number; color?: [number, number, number] } = {}) {
    for (const part of await this.wrap(value, size, WIDTH)) {
      this.room(size + (options.gap ?? 5));
      this.y -= size + (options.gap ?? 5);
      await this.text.draw(this.page, part, { x: this.start, y: this.y, size, rtl: this.rtl, bold: options.bold, color: options.color });
    }
  }
  async heading(value: string) {
    this.room(40);
    this.y -= 8;
    await this.line(value, 14, { bold: true, color: [0.05, 0.4, 0.45] });
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 4 }, end: { x: A4[0] - MARGIN, y: this.y - 4 }, thickness: 0.7, color: rgb(0.8, 0.8, 0.85) });
    this.y -= 4;
  }
  /** A label and its value: the value wraps in its column. */
  async row(label: string, value: string, size = 10) {
    const parts = await this.wrap(value, size, WIDTH - COLUMN);
    for (const [index, part] of parts.entries()) {
      this.room(size + 5);
      this.y -= size + 5;
      if (index === 0 && label) await this.text.draw(this.page, label, { x: this.start, y: this.y, size, rtl: this.rtl, color: GREY });
      await this.text.draw(this.page, part, { x: this.rtl ? this.start - COLUMN : this.start + COLUMN, y: this.y, size, rtl: this.rtl });
    }
  }
}

/** The personal data document as a PDF in `locale` (any other value reads as English). */
export async function personalDataPdf(data: NonNullable<PersonalData>, locale: string): Promise<Uint8Array> {
  const code: LocaleCode = isLocaleCode(locale) ? locale : "en";
  const t = getFixedT(code);
  const when = (iso: string | null) => (iso ? date(new Date(iso), code) : t("account.personalPdf.none"));
  const doc = await PDFDocument.create();
  doc.setTitle(t("account.personalPdf.title"));
  doc.setLanguage(getLocale(code).iso);
  const out = new Pages(doc, code);
  await out.line("Rihla", 20, { bold: true, color: [0.05, 0.4, 0.45] });
  await out.line(t("account.personalPdf.title"), 16, { bold: true, gap: 8 });
  await out.row(t("account.personalPdf.exportedAt"), when(data.exportedAt));

  await out.heading(t("account.personalPdf.profile"));
  await out.row(t("account.personalPdf.name"), data.profile.name);
  await out.row(t("account.personalPdf.email"), data.profile.email);
  await out.row(t("account.personalPdf.language"), data.profile.language);
  await out.row(t("account.personalPdf.createdAt"), when(data.profile.createdAt));
  await out.row(t("account.personalPdf.emailVerifiedAt"), when(data.profile.emailVerifiedAt));

  await out.heading(t("account.personalPdf.orders"));
  if (!data.orders.length) await out.line(t("account.personalPdf.none"));
  for (const order of data.orders) {
    out.y -= 6;
    await out.row(t("account.personalPdf.reference"), order.reference, 11);
    await out.row(t("account.personalPdf.status"), t(`account.invoices.statuses.${order.status}`, { defaultValue: order.status }));
    await out.row(t("account.personalPdf.placedAt"), when(order.placedAt));
    await out.row(t("account.personalPdf.total"), money(order.total, order.currency, code));
    if (order.paymentMethod) await out.row(t("account.personalPdf.paymentMethod"), t(`booking.paymentMethods.${order.paymentMethod}`, { defaultValue: order.paymentMethod }));
    const guest = order.leadGuest;
    await out.row(t("account.personalPdf.leadGuest"), [`${guest.firstName} ${guest.lastName}`.trim(), guest.email, guest.phone].filter(Boolean).join(" · "));
    for (const booking of order.bookings) {
      await out.row(t("account.personalPdf.booking"), [booking.experience, date(booking.date, code), money(booking.amount, order.currency, code), t(`account.invoices.statuses.${booking.status}`, { defaultValue: booking.status })].join(" · "));
    }
    for (const message of order.messages) await out.row(t("account.personalPdf.message"), [when(message.sentAt), message.channel, message.to, message.subject].filter(Boolean).join(" · "));
    for (const cancellation of order.cancellations) await out.row(t("account.personalPdf.cancellation"), `${when(cancellation.at)} · ${money(cancellation.refund, cancellation.currency, code)}`);
  }

  await out.heading(t("account.personalPdf.offers"));
  if (!data.customOfferRequests.length) await out.line(t("account.personalPdf.none"));
  for (const offer of data.customOfferRequests) {
    await out.line(`${offer.reference} · ${when(offer.at)}`, 10, { bold: true, gap: 8 });
    await out.row(t("account.personalPdf.name"), [offer.name, offer.email, offer.phone].filter(Boolean).join(" · "));
    if (offer.message) await out.row("", offer.message);
  }

  await out.heading(t("account.personalPdf.reviews"));
  if (!data.reviews.length) await out.line(t("account.personalPdf.none"));
  for (const review of data.reviews) {
    await out.line(`${review.rating}/5 · ${review.title} · ${when(review.at)}`, 10, { bold: true, gap: 8 });
    if (review.body) await out.line(review.body);
  }

  await out.heading(t("account.personalPdf.consents"));
  await out.row(t("account.personalPdf.optionalMessagesRefused"), data.consents.optionalMessages.refused ? t("account.personalPdf.yes") : t("account.personalPdf.no"));
  for (const record of data.consents.records) {
    const purpose = record.purpose === "analytics" ? t("account.consent.analytics") : t("account.consent.marketing");
    const answer = record.granted ? t("account.personalPdf.granted") : t("account.personalPdf.withdrawn");
    await out.row(when(record.at), `${purpose}: ${answer} · ${record.textVersion} · ${t(`account.consent.methods.${record.method}`)}`);
  }
  return doc.save();
}
