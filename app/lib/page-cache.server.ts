import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { CacheClass } from "./cache-policy";
import { CONSENT_COOKIE, readConsent } from "./consent.server";
import { PERSONAL_COOKIES } from "./http";

/**
 * A shared cache of whole public pages, in the process: what a CDN does in front of the storefront,
 * so a single instance serves repeated anonymous views without rendering them again.
 *
 * It stores only GET responses of routes whose cache class (their `handle`) is `public`, with status
 * 200, a `Cache-Control` that is `public` with `s-maxage`, and no cookie set; it never answers a request that carries a personal cookie. It honours
 * `s-maxage` and `stale-while-revalidate` (a stale page is served while one background request
 * refreshes it) and `Vary`. `clear()` drops everything when published content or the catalogue changes;
 * `evict(tags)` drops only the pages whose `Surrogate-Key` header names one of `tags` (a review evicts
 * the pages of the experience it is about, in every locale and variant, and leaves the rest cached).
 *
 * The cookie banner's answer (app/lib/consent.server.ts) is not personal but changes the page (banner
 * or not, tag manager or not): each page is kept once per answer (none, granted, denied). A CDN in
 * front must do the same (a cache key on the `rihla_consent` cookie's value), or bypass its cache for
 * requests that carry it.
 */

type CachedPage = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body compressed once, on the first hit that accepts each encoding (not on every hit). */
  encoded: Partial<Record<ContentCoding, Buffer>>;
  storedAt: number;
  maxAgeMs: number;
  staleMs: number;
  /** The page's surrogate keys (what it shows), from its `Surrogate-Key` header. */
  tags: readonly string[];
};

export type PageCacheOptions = {
  /** Total bytes kept. */
  maxBytes?: number;
  /** Cookies whose presence makes a request personal. */
  personalCookies?: readonly string[];
  /** Fetches a fresh copy in the background (the server passes a loopback request). */
  revalidate: (url: string, headers: Record<string, string>) => Promise<void>;
  /** The cache class of the route a URL reaches (from its `handle`); only `public` routes are kept. */
  cacheClassOf?: (url: string) => CacheClass | null;
  now?: () => number;
};

type ContentCoding = "br" | "gzip";

/** Bodies smaller than this go out as they are: compressing them saves less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * The encoding to answer with, from `Accept-Encoding`: brotli, then gzip, or none. An encoding with
 * `q=0` is refused; other weights are not ranked (every browser that sends br prefers it).
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const refused = parameters.some((parameter) => /^q=0(?:\.0*)?$/.test(parameter));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

function encode(body: Buffer, coding: ContentCoding): Buffer {
  // Brotli at quality 5 compresses a page in about the time gzip -6 does, and smaller.
  return coding === "br" ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
}

export const REVALIDATE_HEADER = "x-rihla-revalidate";
const SKIPPED_HEADERS = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "connection", "date", "keep-alive", "x-cache"]);

export function parseSharedCacheControl(value: string | undefined): { maxAgeMs: number; staleMs: number } | null {
  if (!value) return null;
  const directives = new Map(
    value.split(",").map((part) => {
      const [name, argument] = part.trim().toLowerCase().split("=");
      return [name ?? "", argument] as const;
    }),
  );
  if (!directives.has("public") || directives.has("no-store") || directives.has("private")) return null;
  const sMaxAge = Number(directives.get("s-maxage"));
  if (!Number.isFinite(sMaxAge) || sMaxAge <= 0) return null;
  const stale = Number(directives.get("stale-while-revalidate") ?? 0);
  return { maxAgeMs: sMaxAge * 1000, staleMs: Number.isFinite(stale) ? stale * 1000 : 0 };
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const personal = new RegExp(`(?:^|;\\s*)(?:${(options.personalCookies ?? PERSONAL_COOKIES).join("|")})=`);
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    // Room for the body and its compressed copies (each well under half the body for HTML).
    sizeCalculation: (page) => page.body.length * 2 + 512,
  });
  /** The request headers each URL's responses vary on (learned from the response). */
  const varyByUrl = new Map<string, string[]>();
  const refreshing = new Set<string>();

  function keyOf(url: string, headers: IncomingMessage["headers"]): string {
    const vary = varyByUrl.get(url) ?? [];
    return [url, `consent:${readConsent(headers.cookie) ?? ""}`, ...vary.map((name) => `${name}:${String(headers[name] ?? "")}`)].join("\n");
  }

  function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: "HIT" | "STALE") {
    res.statusCode = page.status;
    for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
    res.setHeader("X-Cache", state);
    const coding = page.body.length >= MIN_COMPRESSED_BYTES ? preferredCoding(req.headers["accept-encoding"]) : null;
    if (!coding) return res.end(page.body);
    // Compressed once and kept: a hit costs a copy, not a zlib pass (the compression middleware in
    // front leaves a response that already has a Content-Encoding alone).
    const encoded = (page.encoded[coding] ??= encode(page.body, coding));
    res.setHeader("Content-Encoding", coding);
    res.setHeader("Content-Length", encoded.length);
    if (!/\baccept-encoding\b/i.test(String(res.getHeader("vary") ?? ""))) res.appendHeader("Vary", "Accept-Encoding");
    res.end(encoded);
  }

  function middleware(req: IncomingMessage, res: ServerResponse, next: () => void) {
    const url = req.url ?? "/";
    if (req.method !== "GET" || personal.test(req.headers.cookie ?? "")) return next();
    if (options.cacheClassOf && options.cacheClassOf(url) !== "public") return next();
    const isRevalidation = req.headers[REVALIDATE_HEADER] === "1";
    const key = keyOf(url, req.headers);

    if (!isRevalidation) {
      const page = pages.get(key);
      if (page) {
        const age = now() - page.storedAt;
        if (age <= page.maxAgeMs) return send(req, res, page, "HIT");
        if (age <= page.maxAgeMs + page.staleMs) {
          if (!refreshing.has(key)) {
            refreshing.add(key);
            const headers: Record<string, string> = Object.fromEntries(
              (varyByUrl.get(url) ?? []).flatMap((name) => (req.headers[name] ? [[name, String(req.headers[name])]] : [])),
            );
            // The refreshed copy must be the same variant as the stale one.
            const consent = readConsent(req.headers.cookie);
            if (consent) headers.cookie = `${CONSENT_COOKIE}=${consent}`;
            options
              .revalidate(url, { ...headers, [REVALIDATE_HEADER]: "1" })
              .catch((error: unknown) => console.error(`[page-cache] could not refresh ${url}`, error))
              .finally(() => refreshing.delete(key));
          }
          return send(req, res, page, "STALE");
        }
        pages.delete(key);
      }
    }

    // Record the response as it streams out, and keep it when it is shareable.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.setHeader("X-Cache", "MISS");
    res.on("finish", () => {
      const policy = parseSharedCacheControl(String(res.getHeader("cache-control") ?? ""));
      if (res.statusCode !== 200 || !policy || res.getHeader("set-cookie")) return;
      const vary = String(res.getHeader("vary") ?? "")
        .split(",")
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name && name !== "accept-encoding");
      if (vary.includes("*")) return;
      varyByUrl.set(url, vary);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (!SKIPPED_HEADERS.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
      }
      const tags = String(res.getHeader("surrogate-key") ?? "")
        .split(/\s+/)
        .filter(Boolean);
      pages.set(keyOf(url, req.headers), { status: 200, headers, body: Buffer.concat(chunks), encoded: {}, storedAt: now(), ...policy, tags });
    });
    next();
  }

  return {
    middleware,
    clear() {
      pages.clear();
      varyByUrl.clear();
    },
    /** Drops the pages tagged with any of `tags` (their Surrogate-Key); returns how many. */
    evict(tags: readonly string[]): number {
      const wanted = new Set(tags);
      const doomed: string[] = [];
      pages.forEach((page, key) => {
        if (page.tags.some((tag) => wanted.has(tag))) doomed.push(key);
      });
      for (const key of doomed) pages.delete(key);
      return doomed.length;
    },
    get size() {
      return pages.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
