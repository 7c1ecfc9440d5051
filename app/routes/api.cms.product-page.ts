import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { productPagePath } from "#app/catalogue/detail-page.server";
import { getSiteSettings } from "#app/content/content.server";
import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from "#app/lib/locales";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "no-store" } satisfies CacheHandle;

// The studio's product id rule (cms/constants.ts PRODUCT_ID_PATTERN); the storefront never imports the studio.
const ParamsSchema = z.object({ productId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/) });

/**
 * The Sanity studio's "Open preview" of an experience content document: its product id to the
 * storefront page in the asked language (`?lang=ar`, English by default). 404 when the product is
 * unknown or not on sale.
 */
export async function loader({ params, request, context: app }: LoaderFunctionArgs) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  const lang = new URL(request.url).searchParams.get("lang");
  const locale: LocaleCode = LOCALE_CODES.find((code) => code === lang) ?? DEFAULT_LOCALE;
  const settings = await getSiteSettings(app.content, locale);
  const path = await productPagePath(app, parsed.data.productId, locale, settings.storefrontType);
  if (!path) throw new Response("Not found", { status: 404 });
  return redirect(path, { status: 302, headers: { "Cache-Control": "no-store" } });
}
