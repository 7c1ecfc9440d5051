/**
 * Custom offer requests: stored, emailed to the team (in English, reply-to the customer) and
 * confirmed to the customer in their language; listed on the customer's invoices page.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { getSiteSettings, type ContentService } from "#app/content/content.server";
import type { Env } from "#app/lib/env.server";
import type { Mailer } from "#app/lib/mailer.server";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { customOfferRequests, products, type OfferQuote } from "#app/db/schema";
import type { LocalizedText } from "#app/db/types";
import { getFixedT } from "#app/i18n/i18n.server";
import type { LocaleCode } from "#app/lib/locales";
import { currencyExponent, isCurrencyCode } from "#app/lib/money";
import { hitRateLimit } from "#app/auth/rate-limit.server";
import type { CustomOfferInput } from "./custom-offer-schema";
import { HONEYPOT_FIELD, isHoneypotFilled } from "#app/lib/honeypot";

export type OfferProduct = { id: string; slug: string; title: string; currency: string; noFixedPrice: boolean };

export async function findOfferProduct(db: Database, slug: string, locale: LocaleCode): Promise<OfferProduct | null> {
  const [row] = await db.select({ id: products.id, slug: products.slug, title: productTitle, currency: products.currency, noFixedPrice: products.noFixedPrice }).from(products).where(eq(products.slug, slug));
  if (!row) return null;
  const title = (row.title as LocalizedText)[locale] ?? (row.title as LocalizedText).en ?? row.slug;
  return { ...row, title };
}

export type OfferOutcome = { status: "sent"; reference: string } | { status: "ignored" } | { status: "rate-limited"; retryAfterSeconds: number };

export async function requestCustomOffer(deps: { db: Database; mailer: Mailer; content: ContentService; env: Env }, input: { form: CustomOfferInput; product: OfferProduct; locale: LocaleCode; userId: string | null; address: string }): Promise<OfferOutcome> {
  const { form, product, locale } = input;
  if (isHoneypotFilled(form[HONEYPOT_FIELD])) return { status: "ignored" };
  const db = deps.db;
  const limit = await hitRateLimit("offerAddress", input.address, { db, secret: deps.env.SESSION_SECRET });
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const reference = `CO-${randomBytes(4).toString("hex").toUpperCase()}`;
  const currency = isCurrencyCode(product.currency) ? product.currency : "SAR";
  const budget = form.budget === undefined ? null : form.budget * 10 ** currencyExponent(currency);
  const [stored] = await db
    .insert(customOfferRequests)
    .values({
      reference, userId: input.userId, productId: product.id, locale, dateFrom: form.dateFrom, dateTo: form.dateTo ?? null, groupSize: form.groupSize, budget, currency,
      message: form.message, name: form.name, email: form.email.toLowerCase(), phone: form.phone || null,
    })
    .returning({ id: customOfferRequests.id });
  try {
    const settings = await getSiteSettings(deps.content, locale);
    const lines = [
      `Custom offer request ${reference}`, "", `Experience: ${product.title} (${product.slug})`, `Dates: ${form.dateFrom}${form.dateTo ? ` – ${form.dateTo}` : ""}`,
      `Group size: ${form.groupSize}`, `Budget: ${form.budget === undefined ? "—" : `${form.budget} ${currency}`}`, `From: ${form.name} <${form.email}>${form.phone ? `, ${form.phone}` : ""}`, `Language: ${locale}`, "", form.message,
    ];
    await deps.mailer.send({ to: settings.support.email, subject: `Custom offer request ${reference}: ${product.title}`, text: lines.join("\n"), replyTo: form.email });
    const t = getFixedT(locale);
    await deps.mailer.send({ to: form.email, subject: t("account.email.offerSubject", { reference }), text: [t("account.email.greeting", { name: form.name }), "", t("account.email.offerText", { title: product.title })].join("\n") });
    await db.update(customOfferRequests).set({ emailedAt: sql`now()` }).where(eq(customOfferRequests.id, stored!.id));
  } catch (error) {
    // Stored: the team sees it in the database even when mail fails.
    console.error(`[offers] request ${reference} stored but not emailed`, error);
  }
  return { status: "sent", reference };
}

export type OfferListItem = {
  reference: string; title: string; slug: string; dateFrom: string; dateTo: string | null; groupSize: number; status: string; createdAt: Date;
  /** The team's quote, once there is one; `open` while it can still be accepted or declined. */
  currency: string; quote: OfferQuote | null; validUntil: Date | null; acceptedOption: number | null; open: boolean;
};

/** The user's requests (theirs by account, or by their verified address), newest first. */
export async function listCustomOffers(db: Database, user: { id: string; email: string; emailVerified: boolean }, locale: LocaleCode): Promise<OfferListItem[]> {
  const mine = user.emailVerified ? or(eq(customOfferRequests.userId, user.id), and(isNull(customOfferRequests.userId), eq(customOfferRequests.email, user.email))) : eq(customOfferRequests.userId, user.id);
  const rows = await db
    .select({ request: customOfferRequests, slug: products.slug, title: productTitle })
    .from(customOfferRequests)
    .innerJoin(products, eq(products.id, customOfferRequests.productId))
    .where(mine)
    .orderBy(desc(customOfferRequests.createdAt));
  return rows.map(({ request, slug, title }) => ({
    reference: request.reference, slug, title: (title as LocalizedText)[locale] ?? (title as LocalizedText).en ?? slug, dateFrom: request.dateFrom, dateTo: request.dateTo,
    groupSize: request.groupSize, status: request.status, createdAt: request.createdAt,
    currency: request.currency, quote: request.quote, validUntil: request.validUntil, acceptedOption: request.acceptedOption,
    open: request.status === "QUOTED" && request.validUntil !== null && request.validUntil > new Date(),
  }));
}
