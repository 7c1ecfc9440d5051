import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import type { Env } from "./env.server";

/**
 * Security headers for every response, set by Express before the page cache and Remix run:
 * a nonce-based Content-Security-Policy (a fresh nonce per request in `res.locals.cspNonce`, handed to
 * Remix in the load context), nosniff, frame-ancestors 'none' + X-Frame-Options DENY (the studio's
 * Presentation frame excepted, for a preview), a strict
 * Referrer-Policy, a restrictive Permissions-Policy, and HSTS when the public site is HTTPS.
 * Why each CSP source is allowed: docs/decisions/025-security-headers-and-cached-pages.md.
 */

type Response = ServerResponse & { locals?: Record<string, unknown> };

/** Google Tag Manager and what a GA4 container loads and calls (Google's CSP guide for GTM/GA4). */
export const TAG_MANAGER_SCRIPT_HOSTS = ["https://www.googletagmanager.com"];
export const TAG_MANAGER_IMAGE_HOSTS = ["https://www.googletagmanager.com", "https://*.google-analytics.com"];
export const TAG_MANAGER_CONNECT_HOSTS = ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"];
/** Stripe Checkout: the checkout form's redirect goes there. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";
/** Tap's hosted payment pages (its documented transaction.url is on sandbox.payments.tap.company; live hosts share the domain). */
export const TAP_CHECKOUT_ORIGINS = "https://*.payments.tap.company";
/** Images the CMS serves. */
export const CMS_IMAGE_HOSTS = ["https://cdn.sanity.io"];

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "fullscreen=(self)",
].join(", ");

/** Headers a route may set for itself (the sandbox page's `no-referrer`): its value replaces ours. */
const ROUTE_OVERRIDABLE = new Set(["referrer-policy", "x-frame-options", "cross-origin-resource-policy"]);

/** The origin browser errors are sent to for a Sentry DSN (`https://key@o1.ingest.sentry.io/2` → `https://o1.ingest.sentry.io`). */
export function sentryIngestOrigin(dsn: string | undefined): string | null {
  if (!dsn) return null;
  try {
    const url = new URL(dsn);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

export type CspNonce = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** The preview-mode cookie's name (app/content/preview-mode.server.ts) and the routes that set and clear it. */
const PREVIEW_MODE_COOKIE_PATTERN = /(?:^|;\s*)rihla_preview_mode=/;
const PREVIEW_MODE_ROUTES = "/api/preview-mode/";

/**
 * Whether the studio (STUDIO_ORIGIN) may show this response in its Presentation frame: the enable and
 * disable routes, and pages for a browser carrying the preview-mode cookie. Every other response, and
 * every response when no studio is configured, may be framed by nobody. The cookie's signature is not
 * checked here: a visitor who forges it only lets the studio frame their own pages, and the page they
 * get is the published one (server.js checks the signature before showing any draft).
 */
export function studioMayFrame(env: Pick<Env, "STUDIO_ORIGIN">, req: Pick<IncomingMessage, "url" | "headers">): boolean {
  if (!env.STUDIO_ORIGIN) return false;
  if (req.url?.startsWith(PREVIEW_MODE_ROUTES)) return true;
  const cookie = req.headers.cookie;
  return typeof cookie === "string" && PREVIEW_MODE_COOKIE_PATTERN.test(cookie);
}

/** The CSP directives (helmet's shape). `nonce` is a value or reads the response's nonce. */
export function contentSecurityDirectives(
  env: Pick<Env, "SITE_URL" | "SENTRY_DSN" | "PAYMENT_GATEWAY" | "STUDIO_ORIGIN">,
  nonce: CspNonce,
): Record<string, Array<string | ((req: IncomingMessage, res: ServerResponse) => string)>> {
  const nonceSource = typeof nonce === "string" ? `'nonce-${nonce}'` : (req: IncomingMessage, res: ServerResponse) => `'nonce-${nonce(req, res)}'`;
  const siteOrigin = new URL(env.SITE_URL).origin;
  const sentry = sentryIngestOrigin(env.SENTRY_DSN);
  const https = env.SITE_URL.startsWith("https://");
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    // Nonce'd scripts (Remix's, the ENV and JSON-LD blocks) and what they load ('strict-dynamic': the
    // route chunks, GTM, Sentry's lazy chunk). 'self' and the GTM host only matter to CSP2 browsers.
    "script-src": [nonceSource, "'strict-dynamic'", "'self'", ...TAG_MANAGER_SCRIPT_HOSTS],
    "script-src-attr": ["'none'"],
    // react-hot-toast injects a <style>, the sandbox page has its own, components set style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...CMS_IMAGE_HOSTS, ...TAG_MANAGER_IMAGE_HOSTS],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...TAG_MANAGER_CONNECT_HOSTS, ...(sentry ? [sentry] : [])],
    "frame-src": ["'self'", ...TAG_MANAGER_SCRIPT_HOSTS],
    // The public origin too: redirects after a POST (sandbox page → store) are built from SITE_URL.
    "form-action": ["'self'", siteOrigin, ...(env.PAYMENT_GATEWAY === "stripe" ? [STRIPE_CHECKOUT_ORIGIN] : []), ...(env.PAYMENT_GATEWAY === "tap" ? [TAP_CHECKOUT_ORIGINS] : [])],
    // Nobody frames the store, except the studio's Presentation tool showing a preview (studioMayFrame).
    "frame-ancestors": [(req: IncomingMessage) => (studioMayFrame(env, req) ? `'self' ${new URL(env.STUDIO_ORIGIN!).origin}` : "'none'")],
    "manifest-src": ["'self'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/** Serializes directives with a fixed nonce (tests, documentation). */
export function contentSecurityPolicy(env: Pick<Env, "SITE_URL" | "SENTRY_DSN" | "PAYMENT_GATEWAY" | "STUDIO_ORIGIN">, nonce: string, req: Pick<IncomingMessage, "url" | "headers"> = { url: "/", headers: {} }): string {
  return Object.entries(contentSecurityDirectives(env, nonce))
    .map(([name, values]) => [name, ...values.map((value) => (typeof value === "function" ? value(req as IncomingMessage, {} as ServerResponse) : value))].join(" "))
    .join("; ");
}

/** A fresh, unguessable nonce (128 bits). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The response's nonce, set by the middleware below. */
export function nonceOf(res: ServerResponse): string {
  const nonce = (res as Response).locals?.cspNonce;
  return typeof nonce === "string" ? nonce : "";
}

/** Lets a route's own value of a few headers replace ours (Remix's adapter appends response headers). */
function letRoutesOverride(res: Response) {
  const express = res as Response & { append?: (name: string, value: string | string[]) => unknown };
  const append = express.append;
  if (typeof append !== "function") return;
  express.append = function (this: Response, name: string, value: string | string[]) {
    if (ROUTE_OVERRIDABLE.has(name.toLowerCase())) {
      res.setHeader(name, value);
      return res;
    }
    return append.call(this, name, value);
  };
}

/** The Express middleware: nonce in `res.locals.cspNonce`, then helmet and the Permissions-Policy. */
export function createSecurityHeaders(env: Env) {
  const https = env.SITE_URL.startsWith("https://");
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(env, (_req, res) => nonceOf(res)) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-site" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
    xContentTypeOptions: true,
    xPoweredBy: true,
  });
  return function securityHeaders(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) {
    const response = res as Response;
    response.locals = response.locals ?? {};
    response.locals.cspNonce = createNonce();
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    letRoutesOverride(response);
    // X-Frame-Options cannot name an origin: a response the studio may frame goes without it (CSP's frame-ancestors says who).
    applyHelmet(req, res, (error?: unknown) => {
      if (studioMayFrame(env, req)) res.removeHeader("X-Frame-Options");
      next(error);
    });
  };
}

/** What server.js hands Remix as load context from this layer. */
export function securityLoadContext(res: ServerResponse): { cspNonce: string } {
  return { cspNonce: nonceOf(res) };
}
