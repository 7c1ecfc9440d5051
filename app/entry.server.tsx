import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import * as Sentry from "@sentry/remix";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getI18nInstance, recordingI18n } from "#app/i18n/i18n.server";
import { pageTranslationsScript, pickTranslations } from "#app/i18n/page-translations";
import { resources } from "#app/i18n/resources.server";
import { localeFromPath } from "#app/lib/locales";
import { CATALOGUE_CSV_MAX_BYTES, CATALOGUE_IMPORT_BODY_LIMIT, IMPORT_ERRORS } from "#app/catalogue/manage/csv-format";
import { adminLocaleFromCookieHeader, isAdminPath } from "#app/lib/admin-locale";
import type { Env } from "#app/lib/env.server";
import { catalogueImportPath } from "#app/lib/paths";
import { createRequestGuard } from "#app/web/request-guard.server";
import { cacheClassOf, enforceCacheClass } from "#app/lib/cache-policy";
import { NonceProvider } from "#app/lib/nonce";
import { StylesheetReaderProvider } from "#app/lib/inline-styles";
import { createStylesheetReader } from "#app/lib/inline-styles.server";
import { holdScriptsUntilPaint } from "#app/lib/scripts-after-paint.server";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "#app/db/outage.server";
import { hydrationStateStream, UNAVAILABLE_STATUS_TEXT, unavailableDataResponse } from "#app/web/single-fetch-unavailable.server";

/**
 * How long single fetch waits for a streamed (deferred) value before it rejects it; React's render is
 * aborted a second later, so the rejections still reach the page (Remix's own entry does the same).
 */
export const streamTimeout = 5_000;
const ABORT_DELAY = streamTimeout + 1_000;
/** The built stylesheets the document inlines, read once per process (docs/decisions/035-css-and-fonts.md). */
const readStylesheet = createStylesheetReader();

/** Remix's inline module script and the first of its preloads, which come before it (see holdScriptsUntilPaint). */
const MODULE_SCRIPT_MARK = 'type="module" async=""';
const MODULE_PRELOAD_MARK = '<link rel="modulepreload"';

/**
 * Joins the small chunks React writes (its 2 KB view buffer: ~40 writes for a listing) into one chunk
 * per flush, so the web stream, the compression middleware, zlib and the socket each handle a few
 * chunks per page instead of dozens (their per-chunk overhead was ~10 % of an uncached render). React
 * writes a flush synchronously, so a microtask after its first write releases the whole flush: the
 * shell still leaves at once and a streamed boundary still follows when it resolves.
 */
class FlushCoalescer extends Transform {
  private chunks: Buffer[] = [];
  private size = 0;
  private scheduled = false;
  /** Remix's scripts are in the shell, the first flush: later flushes are left as they are. */
  private scriptsHeld = false;

  /** `trailer`: written after the document once React is done (the page's strings, known only then). */
  constructor(private readonly trailer?: () => string) {
    super();
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
    this.chunks.push(buffer);
    this.size += buffer.length;
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.release());
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    if (this.trailer) {
      const trailer = Buffer.from(this.trailer());
      this.chunks.push(trailer);
      this.size += trailer.length;
    }
    this.release();
    callback();
  }

  private release() {
    this.scheduled = false;
    if (this.size === 0) return;
    let chunk = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    const moduleScript = this.scriptsHeld ? -1 : chunk.indexOf(MODULE_SCRIPT_MARK);
    if (moduleScript !== -1) {
      this.scriptsHeld = true;
      // Only the end of the document, from the first preload on, is decoded and rewritten.
      const preload = chunk.indexOf(MODULE_PRELOAD_MARK);
      const start = preload !== -1 && preload < moduleScript ? preload : chunk.lastIndexOf("<script", moduleScript);
      chunk = Buffer.concat([chunk.subarray(0, start), Buffer.from(holdScriptsUntilPaint(chunk.subarray(start).toString("utf8")))]);
    }
    this.push(chunk);
  }
}

/** Called by server.js: before it listens, on SIGTERM, and to drop its page cache when the site changes. */
export { createAppContext } from "#app/context.server";
export { createPageCache } from "#app/lib/page-cache.server";
export { createCacheClassResolver } from "#app/lib/cache-policy";
export { createImageHandler } from "#app/web/image-server.server";
/** Go-live hardening, used by server.js: security headers (CSP nonce), body guard, trusted client address. */
export { createSecurityHeaders, securityLoadContext } from "#app/lib/security-headers.server";
export { previewLoadContext } from "#app/content/preview-mode.server";
export { consoleCookiePaths } from "#app/web/console-cookie-paths.server";
/** The body guard with this installation's origin and proxies, and the one form that reads more than 100 KB (the CSV import). */
export function createAppRequestGuard(env: Pick<Env, "SITE_URL" | "TRUST_PROXY">) {
  const tooLarge = { key: IMPORT_ERRORS.tooLarge, values: { size: Math.round(CATALOGUE_CSV_MAX_BYTES / 1024) } };
  return createRequestGuard({ siteUrl: env.SITE_URL, trustProxy: env.TRUST_PROXY, largeForms: [{ path: catalogueImportPath, limit: CATALOGUE_IMPORT_BODY_LIMIT, tooLarge }] });
}
export { createOperatorChannel, OPS_PATH } from "#app/ops/channel.server";
export { trustedClientAddress, trustProxyHops } from "#app/lib/client-address.server";

/**
 * Requests (by their load context, one object per request) that met the database gone away: their
 * answer becomes a 503 with Retry-After instead of a 500 (app/db/outage.server.ts).
 */
const metDatabaseOutage = new WeakSet<object>();

function markedUnavailable(context: unknown): boolean {
  return typeof context === "object" && context !== null && metDatabaseOutage.has(context);
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests (client went away) are not errors worth reporting.
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    // Not a bug to report once per request: the load balancer's /readyz and the logs' first line say it.
    metDatabaseOutage.add(context);
    console.error(`[database] unavailable while answering ${new URL(request.url).pathname}: ${(error as Error).message}`);
    return;
  }
  // 4xx answers Remix makes itself (a POST to a page without an action, a forged `_data` id) are the
  // client's mistake: logging and reporting each one lets any scanner flood the logs and Sentry.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
  if (context.env.SENTRY_DSN) Sentry.captureException(error);
};

/** What the error boundary receives for a request that met the database gone away: a 503 route error response. */
const UNAVAILABLE_ERROR = { status: 503, statusText: UNAVAILABLE_STATUS_TEXT, internal: false, data: null } as const;

/**
 * A data request (single fetch's `*.data`) that met the database gone away answers 503 with Retry-After,
 * its route errors 503 route error responses, so a client-side navigation shows the same "try again
 * shortly" screen as a full page load (app/web/single-fetch-unavailable.server.ts).
 */
export async function handleDataRequest(response: Response, { context }: { context: unknown }): Promise<Response> {
  if (!markedUnavailable(context) || response.status < 500) return response;
  return unavailableDataResponse(response, DATABASE_RETRY_AFTER_SECONDS);
}

/**
 * Turns the (already sanitized) 5xx errors of a document that met the database gone away into 503
 * route error responses, both for the server render and in the hydration state (encoded again), so
 * the error boundary shows the translated "try again shortly" screen and never a stack. 4xx answers
 * stay as they are.
 */
export function markDocumentUnavailable(remixContext: Pick<EntryContext, "staticHandlerContext" | "serverHandoffStream">): void {
  const { errors } = remixContext.staticHandlerContext;
  for (const [id, error] of Object.entries(errors ?? {})) {
    if (isRouteErrorResponse(error) && error.status < 500) continue;
    errors![id] = { ...UNAVAILABLE_ERROR };
  }
  // Remix encoded the state before this entry ran (its stream has the old errors): it is not read yet.
  void remixContext.serverHandoffStream?.cancel().catch(() => {});
  remixContext.serverHandoffStream = hydrationStateStream(remixContext.staticHandlerContext);
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext?: { cspNonce?: string }) {
  if (responseStatusCode >= 500 && markedUnavailable(loadContext)) {
    // The error page still renders (in the visitor's language); the status tells clients to come back.
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
    markDocumentUnavailable(remixContext);
  }
  // The CSP nonce server.js generated for this response (empty when rendered outside it, e.g. tests).
  const nonce = loadContext?.cspNonce ?? "";
  const { pathname } = new URL(request.url);
  // The console keeps its language in a cookie; the storefront in the path.
  const locale = isAdminPath(pathname) ? adminLocaleFromCookieHeader(request.headers.get("Cookie")) : localeFromPath(pathname);
  // The storefront's page carries the strings it was rendered with, so the browser hydrates without
  // first downloading the whole language (app/i18n/page-translations.ts). The console loads its own.
  const usedKeys = isAdminPath(pathname) ? null : new Set<string>();
  const i18n = usedKeys ? recordingI18n(getI18nInstance(locale), usedKeys) : getI18nInstance(locale);
  // The matched page's cache class (its `handle`) has the last word on Cache-Control.
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  const cacheClass = leaf ? cacheClassOf(remixContext.routeModules[leaf.route.id]?.handle) : null;
  responseHeaders.set("Cache-Control", enforceCacheClass(cacheClass, responseHeaders.get("Cache-Control"), request));
  // Bots get the whole document at once; browsers get the shell as soon as it is ready.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <StylesheetReaderProvider value={readStylesheet}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce || undefined} />
          </StylesheetReaderProvider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [readyEvent]() {
          shellRendered = true;
          const body = new FlushCoalescer(usedKeys ? () => pageTranslationsScript(pickTranslations(resources[locale].common, usedKeys)) : undefined);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Content-Language")) responseHeaders.set("Content-Language", locale);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are reported by onShellError; after it, log them here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
