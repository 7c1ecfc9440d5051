/**
 * A product's title and short description as visitors see them (ADR 054): the engine's text per
 * locale, with the CMS's (products.cms_title / cms_short_description, written by syncProductTexts in
 * app/catalogue/product-texts.server.ts) laid over it where the CMS has one. On the ground floor, so
 * every reader (listing, cart, emails, tickets, invoices, OCTO) selects the same expression. The
 * console's product editor reads and writes products.title itself: that is the engine's own text.
 */
import { getTableColumns, sql } from "drizzle-orm";
import { products } from "./schema";
import type { LocalizedText } from "./types";

/** `jsonb || jsonb` keeps the left keys the right one lacks: the engine's text where the CMS has none. */
export const productTitle = sql<LocalizedText>`(${products.title} || coalesce(${products.cmsTitle}, '{}'::jsonb))`.mapWith(products.title);
export const productShortDescription = sql<LocalizedText>`(${products.shortDescription} || coalesce(${products.cmsShortDescription}, '{}'::jsonb))`.mapWith(products.shortDescription);

/** Every product column, with title and short description as visitors see them (for readers of whole rows). */
export function productColumnsForVisitors() {
  return { ...getTableColumns(products), title: productTitle, shortDescription: productShortDescription };
}
