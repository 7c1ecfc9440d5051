import { pagePathOfDataRequest } from "#app/lib/http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { getFixedT } from "#app/i18n/i18n.server";
import { getLocale, isLocaleCode, type LocaleCode } from "#app/lib/locales";
import { adminLocaleFromCookieHeader, isAdminPath } from "#app/lib/admin-locale";

/**
 * One guard in front of every action, so no route can forget it: a request with a body is read here
 * (bounded), checked, and handed on to Remix intact. Form actions (everything but the JSON endpoints
 * below) accept only urlencoded and multipart bodies of at most 100 KB: another type answers 415, a
 * body that cannot be parsed (or a PUT/PATCH/DELETE without one) answers 400, a bigger one 413; a
 * bodiless POST is an empty form. The JSON endpoints (OCTO, payment and CMS webhooks, test hooks)
 * parse their own types; they get 1 MB. A form route that promises more (the catalogue CSV import)
 * is named with its own limit and message. Bytes are counted as they stream, so a lying or absent
 * Content-Length does not get past the limit.
 *
 * A form's NUL characters (`%00`, or a 0 byte in a multipart text field) are removed here, before any
 * action reads the form: PostgreSQL refuses them in text (a 500 at the insert), no keyboard types them,
 * and no field of ours means anything by them, so dropping them loses nothing a person sent. Files are
 * handed on as they came (the CSV import reports a NUL cell itself).
 */

export const FORM_BODY_LIMIT = 100 * 1024;
export const JSON_BODY_LIMIT = 1024 * 1024;
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Paths whose actions read their own body types (JSON, raw signed bodies). */
const OWN_BODY_ROUTES = [/^\/octo\/v1(?:\/|$)/, /^\/api\/payments\/webhook(?:\/|$)/, /^\/api\/cms\/webhook\/?$/, /^\/api\/test\/commerce\/?$/];

export type BodyClass = "form" | "own";

export function bodyClassOf(pathname: string): BodyClass {
  return OWN_BODY_ROUTES.some((pattern) => pattern.test(pathname)) ? "own" : "form";
}

type Problem = 400 | 403 | 405 | 413 | 415;
const PROBLEM_KEYS: Record<Problem, string> = { 400: "errors.badRequestBody", 403: "errors.crossOrigin", 405: "errors.methodNotAllowed", 413: "errors.payloadTooLarge", 415: "errors.unsupportedMediaType" };

/**
 * The methods an action may be called with. Anything else (TRACE, PROPFIND, MKCOL, LOCK, …) answers
 * 405 here: the platform's Request cannot even carry TRACE, TRACK or CONNECT (the Remix adapter threw:
 * 500), and no page or API of ours speaks WebDAV. OPTIONS reaches the endpoints that read their own
 * bodies (the OCTO API answers it with the methods of the endpoint); a page has nothing to say to it.
 */
const ACTION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** What a page or form answers to, for the Allow header of a 405. */
export const ALLOWED_METHODS = "GET, HEAD, POST";

/** A form route allowed a larger body than the rest, and what a person is told above it. */
export type LargeForm = { path: string; limit: number; tooLarge: { key: string; values?: Record<string, string | number> } };

export type RequestGuardOptions = {
  /** SITE_URL: a form's Origin must be exactly its origin (scheme, host and port). */
  siteUrl: string;
  /** TRUST_PROXY: X-Forwarded-Host counts only when a proxy in front is trusted (> 0). */
  trustProxy: number;
  form?: number;
  own?: number;
  largeForms?: readonly LargeForm[];
};

type OriginRule = { siteOrigin: string; trustForwardedHost: boolean };

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();

/**
 * A form posted from anywhere but the site itself: an Origin that is not SITE_URL's origin (another
 * host, `http` for an `https` site, another port, `null` from a page that withheld it, `file://`).
 * Remix refuses an Origin whose host differs from X-Forwarded-Host or Host too, but by throwing, which
 * answers 500; that is checked here as well, so it answers 403 first. X-Forwarded-Host counts only
 * behind a trusted proxy (server.js also drops it otherwise, before Remix reads it).
 */
export function isCrossOriginForm(headers: IncomingMessage["headers"], rule: OriginRule): boolean {
  const origin = headers.origin;
  if (typeof origin !== "string" || origin === "") return false;
  const host = (rule.trustForwardedHost ? firstValue(headers["x-forwarded-host"]) : undefined) || headers.host;
  if (origin === "null" || !host) return true;
  try {
    const url = new URL(origin);
    return url.origin !== rule.siteOrigin || url.host !== host;
  } catch {
    return true;
  }
}

function localeOf(pathname: string, cookieHeader: string | undefined): LocaleCode {
  // The console keeps its language (English or Arabic) in a cookie, not in the path.
  if (isAdminPath(pathname)) return adminLocaleFromCookieHeader(cookieHeader ?? null);
  const code = /^\/(ru|zh|ar)(?:\/|$)/.exec(pathname)?.[1];
  return code && isLocaleCode(code) ? code : "en";
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The answer to a refused body: a translated page for a person, JSON for a script. */
export function problemResponse(
  status: Problem,
  pathname: string,
  accept: string | undefined,
  options: { cookie?: string; message?: LargeForm["tooLarge"] } = {},
): { status: Problem; type: string; body: string } {
  const code = localeOf(pathname, options.cookie);
  const t = getFixedT(code);
  const message = options.message ? t(options.message.key, options.message.values) : t(PROBLEM_KEYS[status]);
  if (!(accept ?? "").includes("text/html")) return { status, type: "application/json; charset=utf-8", body: JSON.stringify({ error: message }) };
  const locale = getLocale(code);
  const home = isAdminPath(pathname) ? "/admin" : code === "en" ? "/" : `/${code}`;
  const body = `<!doctype html><html lang="${locale.code}" dir="${locale.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(message)}</title></head><body><main><h1>${escape(message)}</h1><p><a href="${home}">${escape(t("errors.homePage"))}</a></p></main></body></html>`;
  return { status, type: "text/html; charset=utf-8", body };
}

function refuse(req: IncomingMessage, res: ServerResponse, status: Problem, pathname: string, message?: LargeForm["tooLarge"]) {
  const answer = problemResponse(status, pathname, req.headers.accept, { cookie: req.headers.cookie, message });
  res.statusCode = answer.status;
  if (status === 405) res.setHeader("Allow", ALLOWED_METHODS);
  res.setHeader("Content-Type", answer.type);
  res.setHeader("Cache-Control", "no-store");
  // The connection is not reused after a refusal: what is left of the body is never parsed as a request.
  res.setHeader("Connection", "close");
  afterRefusedBody(req, () => {
    if (!res.writableEnded && !res.destroyed) res.end(answer.body);
  });
}

/**
 * A refused body is read and dropped up to this much (and for this long) before the answer goes out: a
 * client still sending its upload would otherwise have its connection closed under it and see a reset
 * (EPIPE) instead of our 413 and its message. Beyond either bound the answer goes out at once.
 */
const REFUSED_BODY_DRAIN_BYTES = 16 * 1024 * 1024;
const REFUSED_BODY_DRAIN_MS = 5_000;

function afterRefusedBody(req: IncomingMessage, answer: () => void) {
  if (req.complete || req.destroyed || !hasBody(req) || Number(req.headers["content-length"] ?? 0) > REFUSED_BODY_DRAIN_BYTES) return answer();
  let drained = 0;
  let answered = false;
  const once = () => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    req.off("data", onData);
    answer();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    // A body without a declared length may go on for ever: stop waiting for it at the same bound.
    if (drained > REFUSED_BODY_DRAIN_BYTES) once();
  };
  const timer = setTimeout(once, REFUSED_BODY_DRAIN_MS);
  timer.unref();
  req.on("data", onData);
  req.once("end", once);
  req.once("error", once);
  req.once("close", once);
  req.resume();
}

/** Makes an already-read request body readable again for the Remix adapter (which streams `req`). */
function replayBody(req: IncomingMessage, body: Buffer) {
  const replay = Readable.from(body.length > 0 ? [body] : [], { objectMode: false });
  const target = req as unknown as Record<PropertyKey, unknown>;
  const source = replay as unknown as Record<PropertyKey, unknown>;
  const methods: PropertyKey[] = ["on", "once", "off", "addListener", "removeListener", "removeAllListeners", "pause", "resume", "read", "pipe", "unpipe", "isPaused", "setEncoding", "destroy", Symbol.asyncIterator];
  for (const name of methods) {
    const method = source[name];
    if (typeof method === "function") target[name] = method.bind(replay);
  }
  Object.defineProperty(req, "readable", { configurable: true, get: () => replay.readable });
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** Reads at most `limit` bytes; null when the body is longer. */
function readBounded(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const finish = (value: Buffer | null) => {
      if (done) return;
      done = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      if (value === null) req.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) finish(null);
      else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    const onError = (error: unknown) => {
      if (done) return;
      done = true;
      reject(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/** Whether the platform's own parser (the one `request.formData()` uses) accepts this body. */
async function parsesAsForm(contentType: string, body: Buffer): Promise<boolean> {
  try {
    await new Request("http://localhost/", { method: "POST", headers: { "Content-Type": contentType }, body: new Uint8Array(body) }).formData();
    return true;
  } catch {
    return false;
  }
}

const NUL = "\u0000";

/**
 * A form body with its text fields' NUL characters removed, or null when it has none (the body is then
 * handed on untouched). Multipart bodies are read and written again by the platform's own FormData,
 * files included as they came.
 */
export async function withoutNul(type: string, rawType: string, body: Buffer): Promise<{ body: Buffer; contentType: string } | null> {
  if (type === "application/x-www-form-urlencoded") {
    if (!body.includes(0) && !/%00/.test(body.toString("latin1"))) return null;
    const fields = new URLSearchParams(body.toString("utf8"));
    const cleaned = new URLSearchParams([...fields].map(([name, value]) => [name.replaceAll(NUL, ""), value.replaceAll(NUL, "")]));
    return { body: Buffer.from(cleaned.toString(), "utf8"), contentType: rawType };
  }
  if (type !== "multipart/form-data" || !body.includes(0)) return null;
  const form = await new Request("http://localhost/", { method: "POST", headers: { "Content-Type": rawType }, body: new Uint8Array(body) }).formData();
  const entries = [...form.entries()];
  if (!entries.some(([name, value]) => name.includes(NUL) || (typeof value === "string" && value.includes(NUL)))) return null;
  const cleaned = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === "string") cleaned.append(name.replaceAll(NUL, ""), value.replaceAll(NUL, ""));
    else cleaned.append(name.replaceAll(NUL, ""), value, value.name);
  }
  const encoded = new Request("http://localhost/", { method: "POST", body: cleaned });
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("Content-Type") ?? rawType };
}

/** The Express middleware (before the Remix handler). */
export function createRequestGuard(options: RequestGuardOptions) {
  const formLimit = options.form ?? FORM_BODY_LIMIT;
  const ownLimit = options.own ?? JSON_BODY_LIMIT;
  const originRule: OriginRule = { siteOrigin: new URL(options.siteUrl).origin, trustForwardedHost: options.trustProxy > 0 };
  const largeForms = new Map((options.largeForms ?? []).map((form) => [form.path, form]));
  return function requestGuard(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) {
    const method = req.method ?? "GET";
    if (method === "GET" || method === "HEAD") return next();
    // A single-fetch submission (`/admin/products/import.data`) is its page's form: the same rules.
    const pathname = pagePathOfDataRequest((req.url ?? "/").split("?")[0] ?? "/");
    const kind = bodyClassOf(pathname);
    if (!ACTION_METHODS.has(method) && !(kind === "own" && method === "OPTIONS")) return refuse(req, res, 405, pathname);
    const large = kind === "form" ? largeForms.get(pathname.replace(/(.)\/$/, "$1")) : undefined;
    const limit = kind === "form" ? (large?.limit ?? formLimit) : ownLimit;
    const rawType = req.headers["content-type"] ?? "";
    const type = rawType.split(";")[0]?.trim().toLowerCase() ?? "";

    if (Number(req.headers["content-length"] ?? 0) > limit) return refuse(req, res, 413, pathname, large?.tooLarge);
    if (kind === "form" && isCrossOriginForm(req.headers, originRule)) return refuse(req, res, 403, pathname);
    if (kind === "form") {
      if (!hasBody(req) && !type) {
        // A bodiless POST (a sign-out button posted by a script, `curl -X POST`) is an empty form;
        // a PUT, PATCH or DELETE without a body is malformed.
        if (method !== "POST") return refuse(req, res, 400, pathname);
        req.headers["content-type"] = "application/x-www-form-urlencoded";
        return next();
      }
      if (!FORM_TYPES.has(type)) return refuse(req, res, 415, pathname);
      if (type === "multipart/form-data" && !/;\s*boundary=/i.test(rawType)) return refuse(req, res, 400, pathname);
    }
    readBounded(req, limit).then(
      async (body) => {
        if (body === null) return refuse(req, res, 413, pathname, large?.tooLarge);
        if (kind === "form" && type === "multipart/form-data" && !(await parsesAsForm(rawType, body))) return refuse(req, res, 400, pathname);
        const cleaned = kind === "form" ? await withoutNul(type, rawType, body).catch(() => undefined) : null;
        if (cleaned === undefined) return refuse(req, res, 400, pathname);
        if (cleaned) {
          req.headers["content-type"] = cleaned.contentType;
          req.headers["content-length"] = String(cleaned.body.length);
          delete req.headers["transfer-encoding"];
        }
        replayBody(req, cleaned?.body ?? body);
        next();
      },
      () => {
        // The client went away or sent a broken stream: nothing useful to answer.
        if (!res.headersSent && !res.destroyed) refuse(req, res, 400, pathname);
      },
    );
  };
}
