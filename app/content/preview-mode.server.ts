/**
 * Preview mode (issue #32): an editor's browser reads drafts. The studio's Presentation tool opens
 * /api/preview-mode/enable with a one-hour secret it stored in the dataset (`sanity.previewUrlSecret`);
 * `@sanity/preview-url-secret` checks it against the store, and a signed cookie then marks this
 * browser as previewing. For a previewing request server.js hands Remix a context whose `content` is
 * the preview service: drafts laid over published documents, read with the server's SANITY_READ_TOKEN
 * (never sent to the browser), and no cache at all, so nothing a preview reads is kept or shared. The
 * cookie is one of PERSONAL_COOKIES: the page cache neither answers nor stores a previewing request,
 * and every page answers `Cache-Control: private, no-store`.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { validatePreviewUrl } from "@sanity/preview-url-secret";
import type { SanityClient } from "@sanity/client";
import type { Env } from "#app/lib/env.server";
import type { ContentCache } from "./cache.server";
import { createContentService, type ContentService } from "./content.server";
import type { ContentStore, PreviewSecretClient, PreviewStega, SeedStore } from "./store.server";

/** Listed in PERSONAL_COOKIES (app/lib/http.ts). */
export const PREVIEW_MODE_COOKIE = "rihla_preview_mode";
/** A preview lasts a working day; the studio enables it again whenever it opens the page. */
const PREVIEW_MODE_MAX_AGE = 8 * 60 * 60;
const PREVIEW_MODE_VALUE = "drafts";

/**
 * The signed preview-mode cookie. The studio shows the storefront in an iframe on another site, where a
 * browser sends only `SameSite=None; Secure` cookies; on a plain-http site (local development) Secure
 * cookies are refused, so it falls back to Lax there (preview then works in a tab, not in the frame).
 */
export function createPreviewModeCookie(env: Pick<Env, "SITE_URL" | "SESSION_SECRET">): Cookie {
  const secure = env.SITE_URL.startsWith("https://");
  return createCookie(PREVIEW_MODE_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: secure ? "none" : "lax",
    secure,
    secrets: [env.SESSION_SECRET],
    maxAge: PREVIEW_MODE_MAX_AGE,
  });
}

/** True when the request carries a correctly signed preview-mode cookie. */
export async function isPreviewRequest(cookie: Cookie, cookieHeader: string | null | undefined): Promise<boolean> {
  if (!cookieHeader?.includes(`${PREVIEW_MODE_COOKIE}=`)) return false;
  return (await cookie.parse(cookieHeader).catch(() => null)) === PREVIEW_MODE_VALUE;
}

export const serializePreviewModeCookie = (cookie: Cookie, on: boolean): Promise<string> => (on ? cookie.serialize(PREVIEW_MODE_VALUE) : cookie.serialize("", { maxAge: 0 }));

export type PreviewValidation = { isValid: false } | { isValid: true; redirectTo: string | undefined };

/**
 * Checks the secret of an enable URL with `@sanity/preview-url-secret`, against the store's own
 * documents (Sanity's API with the read token, or the seed dataset through a client-like reader): a
 * missing, wrong or stale (older than an hour) secret is not valid, nor is any secret when the store
 * cannot read drafts.
 */
export async function validatePreviewSecret(store: ContentStore, url: string): Promise<PreviewValidation> {
  const client: PreviewSecretClient | null = store.secretClient?.() ?? null;
  if (!client || !store.withDrafts?.()) return { isValid: false };
  const result = await validatePreviewUrl(client as unknown as SanityClient, url);
  return result.isValid ? { isValid: true, redirectTo: result.redirectTo } : { isValid: false };
}

/** A cache that keeps nothing: every preview read goes to the store. */
export function createNoCache(): ContentCache {
  const stats = { hit: 0, miss: 0, stale: 0 };
  return {
    get(query) {
      stats.miss += 1;
      return query.getFreshValue();
    },
    evict: () => [],
    clear: () => undefined,
    keys: () => [],
    settle: () => Promise.resolve(),
    stats,
  };
}

/**
 * The content service of previewing requests: the same queries over the drafts view of `store` (its
 * prose stega-encoded for the visual-editing overlays when `stega` names a studio), with
 * no cache, and no say over the page cache (it never tells siteChanges anything). Null when the store
 * cannot read drafts.
 */
export function createPreviewContentService(store: ContentStore, overrides: () => Partial<Env>, stega?: PreviewStega): ContentService | null {
  const drafts = store.withDrafts?.(stega);
  if (!drafts) return null;
  return createContentService({ store: drafts, cache: createNoCache(), overrides });
}

type PreviewApp = { content: ContentService; env: Env; cookies: { previewMode: Cookie }; previewContent: () => ContentService | null };

/**
 * What server.js adds to the load context of one request: for a previewing browser, the preview content
 * service in place of the shared one and `previewMode: true`; nothing otherwise.
 */
export async function previewLoadContext(app: PreviewApp, cookieHeader: string | undefined): Promise<{ content: ContentService; previewMode: true } | Record<string, never>> {
  if (!(await isPreviewRequest(app.cookies.previewMode, cookieHeader))) return {};
  const content = app.previewContent();
  return content ? { content, previewMode: true } : {};
}

/**
 * Stores a preview secret in the seed store as the studio stores one in Sanity (createPreviewSecret of
 * @sanity/preview-url-secret): a `sanity.previewUrlSecret` draft whose `_updatedAt` starts its hour.
 * `ageSeconds` back-dates it (a stale secret). Null for a store that is not the seed store.
 */
export function writeSeedPreviewSecret(store: ContentStore, { ageSeconds = 0, studioUrl }: { ageSeconds?: number; studioUrl: string }): string | null {
  if (store.kind !== "seed" || !("put" in store)) return null;
  const secret = randomBytes(16).toString("hex");
  const at = new Date(Date.now() - ageSeconds * 1000).toISOString();
  (store as SeedStore).put({ _id: `drafts.${randomUUID()}`, _type: "sanity.previewUrlSecret", _createdAt: at, _updatedAt: at, secret, source: "rihla-test", studioUrl, userId: "test" });
  return secret;
}
