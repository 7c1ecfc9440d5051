/**
 * The CMS's product titles and short descriptions copied onto the catalogue's products (ADR 054), so
 * every reader of a product (listing and search index, cart, checkout, emails, tickets, invoices, OCTO)
 * shows what editors wrote, through one SQL expression (#app/db/product-texts). Per locale the stored
 * text is the CMS's in that locale, else the CMS's English one: the detail page's rule
 * (detail-page-content.ts), whose last step, the engine's own text, the expression applies.
 */
import { sql } from "drizzle-orm";
import { notifyCatalogueChanged } from "#app/db/announce.server";
import { LOCKS, rowsOf, type DatabaseHandle } from "#app/db/db.server";
import type { LocalizedText } from "#app/db/types";
import { LOCALE_CODES } from "#app/lib/locales";
import type { ContentService, ProductTexts } from "#app/content/content.server";
import { pickText } from "./detail-page-content";

type CmsField = ProductTexts["title"];

/** Per locale the CMS text, else its English text; only locales that end up with text; null when none does. */
export function resolveCmsText(field: CmsField): Partial<LocalizedText> | null {
  const result: Partial<LocalizedText> = {};
  for (const locale of LOCALE_CODES) {
    const picked = pickText({ locale: field[locale], en: field.en });
    if (picked) result[locale] = picked.value;
  }
  return Object.keys(result).length ? result : null;
}

/**
 * Writes the CMS texts of every product that has a document and clears those of products whose document
 * went away; only rows whose values change are written (each write moves the row's change_xid, so the
 * catalogue indexes patch just those). Announces a catalogue change when anything was written.
 * Products without a CMS document are never touched: a seed of 100,000 products costs one query.
 */
export async function syncProductTexts(handle: Pick<DatabaseHandle, "db" | "pubsub">, content: Pick<ContentService, "listProductTexts">): Promise<{ changed: number }> {
  const documents = await content.listProductTexts();
  const seen = new Set<string>();
  const rows: Array<{ id: string; title?: Partial<LocalizedText>; short_description?: Partial<LocalizedText> }> = [];
  for (const document of documents) {
    // Ordered by productId then _id: a second document for a product (the studio refuses one) loses.
    if (seen.has(document.productId)) continue;
    seen.add(document.productId);
    // An absent key becomes SQL NULL in jsonb_to_recordset (a JSON null would become the jsonb 'null').
    rows.push({ id: document.productId, title: resolveCmsText(document.title) ?? undefined, short_description: resolveCmsText(document.shortDescription) ?? undefined });
  }
  const payload = JSON.stringify(rows);
  const changed = await handle.db.transaction(async (tx) => {
    // Every instance syncs after a change: one at a time, so the later ones find nothing to write (and never deadlock).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.productTexts})`);
    const written = rowsOf<{ id: string }>(
      await tx.execute(sql`
        UPDATE products AS p SET cms_title = x.title, cms_short_description = x.short_description, updated_at = now()
        FROM jsonb_to_recordset(${payload}::jsonb) AS x(id text, title jsonb, short_description jsonb)
        WHERE p.id = x.id AND (p.cms_title IS DISTINCT FROM x.title OR p.cms_short_description IS DISTINCT FROM x.short_description)
        RETURNING p.id`),
    );
    const cleared = rowsOf<{ id: string }>(
      await tx.execute(sql`
        UPDATE products SET cms_title = NULL, cms_short_description = NULL, updated_at = now()
        WHERE (cms_title IS NOT NULL OR cms_short_description IS NOT NULL)
          AND id NOT IN (SELECT x.id FROM jsonb_to_recordset(${payload}::jsonb) AS x(id text))
        RETURNING id`),
    );
    return written.length + cleared.length;
  });
  if (changed > 0) await notifyCatalogueChanged(handle);
  return { changed };
}

export interface ProductTextSync {
  /** Syncs now, or once more after the running sync; resolves when that sync is done (never rejects). */
  request(): Promise<void>;
  /** Waits for a running sync and starts no other. */
  stop(): Promise<void>;
}

/** One sync at a time; requests arriving meanwhile coalesce into one more run (a burst of webhook deliveries). */
export function createProductTextSync(handle: Pick<DatabaseHandle, "db" | "pubsub">, content: Pick<ContentService, "listProductTexts">): ProductTextSync {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const loop = async () => {
    do {
      again = false;
      try {
        const { changed } = await syncProductTexts(handle, content);
        if (changed > 0) console.info(`[product texts] ${changed} product(s) took the CMS's titles and descriptions`);
      } catch (error) {
        console.error("[product texts] syncing from the CMS failed", error);
      }
    } while (again && !stopped);
  };
  return {
    request() {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = undefined;
      });
      return running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
