import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import os from "node:os";
import { createIPX, ipxHttpStorage, type IPXStorage } from "ipx";
import sharp from "sharp";
import { DEFAULT_SEED_DIR } from "#app/content/store.server";
import { SEED_ASSET_BASE } from "#app/lib/assets";
import { clientAddressOfNodeRequest } from "#app/lib/client-address.server";
import { derivativeProblem, MAX_IMAGE_DIMENSION } from "#app/lib/images";
import { createWorkLimiter, LimitExceeded, type WorkLimits } from "#app/lib/work-limiter.server";

/** One year: an optimised image's URL names its source and modifiers, so it never changes in place. */
const IMAGE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const IMMUTABLE = `public, max-age=${IMAGE_MAX_AGE_SECONDS}, immutable`;

type OutputFormat = "avif" | "webp" | "jpeg" | "png";
const FORMATS = new Set<string>(["auto", "avif", "webp", "jpeg", "jpg", "png"]);
const FITS = new Set<string>(["cover", "contain", "fill", "inside", "outside"]);
/** The long names ipx also reads, folded onto the short ones so one picture has one cache entry. */
const ALIASES: Record<string, string> = { width: "w", height: "h", format: "f", quality: "q", background: "b" };
const SOURCE_FILE = /^\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(?:webp|jpe?g|png|avif|gif)$/i;

export class ImageRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type ImageRequest = {
  /** Normalised modifiers (w, h, q, fit, b), without the format. */
  modifiers: Record<string, string>;
  /** The format asked for: a concrete one, or `auto` (chosen by Accept). */
  format: OutputFormat | "auto";
  source: string;
};

/** Reads `/{modifiers}/{source}`; a 400 for anything but the modifiers and sources the storefront makes. */
export function parseImagePath(urlPath: string): ImageRequest {
  const [pathname] = urlPath.split("?");
  const match = /^\/([^/]+)\/(.+)$/.exec(pathname ?? "");
  if (!match) throw new ImageRequestError(400, "Expected /_ipx/{modifiers}/{source}");
  let source: string;
  let modifierText: string;
  try {
    modifierText = decodeURIComponent(match[1]!);
    source = decodeURIComponent(match[2]!);
  } catch {
    throw new ImageRequestError(400, "Malformed URL encoding");
  }
  const modifiers: Record<string, string> = {};
  let format: ImageRequest["format"] = "auto";
  if (modifierText !== "_") {
    for (const part of modifierText.split(/[&,]/)) {
      const [rawKey = "", ...values] = part.split(/[:=_]/);
      const key = ALIASES[rawKey] ?? rawKey;
      const value = values.join("_");
      if (key === "w" || key === "h") {
        if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > MAX_IMAGE_DIMENSION) throw new ImageRequestError(400, `Bad ${key}: ${value}`);
        modifiers[key] = String(Number(value));
      } else if (key === "q") {
        if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) throw new ImageRequestError(400, `Bad quality: ${value}`);
        modifiers.q = String(Number(value));
      } else if (key === "f") {
        if (!FORMATS.has(value)) throw new ImageRequestError(400, `Bad format: ${value}`);
        format = value === "jpg" ? "jpeg" : (value as ImageRequest["format"]);
      } else if (key === "fit") {
        if (!FITS.has(value)) throw new ImageRequestError(400, `Bad fit: ${value}`);
        modifiers.fit = value;
      } else if (key === "b") {
        if (!/^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) throw new ImageRequestError(400, `Bad background: ${value}`);
        modifiers.b = value.toLowerCase();
      } else {
        throw new ImageRequestError(400, `Unknown modifier: ${rawKey}`);
      }
    }
  }
  if (/^https?:\/\//.test(source)) {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      throw new ImageRequestError(400, "Bad source URL");
    }
    return { modifiers, format, source: url.toString() };
  }
  source = `/${source.replace(/^\/+/, "")}`;
  if (!SOURCE_FILE.test(source) || source.split("/").some((segment) => segment === ".." || segment === ".")) throw new ImageRequestError(400, `Not an image source: ${source}`);
  return { modifiers, format, source };
}

/** parseImagePath, and a 400 for a derivative no page or feed asks for (images.ts derivativeProblem): each costs an encoding. */
export function parseStorefrontImagePath(urlPath: string): ImageRequest {
  const request = parseImagePath(urlPath);
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const { w, h, q, fit, b } = request.modifiers;
  const problem = derivativeProblem({ width: number(w), height: number(h), quality: number(q), fit, background: b, format: request.format });
  if (problem) throw new ImageRequestError(400, `Not an image the storefront offers: ${problem}`);
  return request;
}

/**
 * The format an `auto` request gets: AVIF if the browser lists it, else WebP, else JPEG. Only explicit
 * types count (a `*\/*` says nothing about what a browser decodes); `q=0` refuses one.
 */
export function negotiateImageFormat(accept: string | undefined): "avif" | "webp" | "jpeg" {
  const offered = new Map<string, number>();
  for (const entry of (accept ?? "").toLowerCase().split(",")) {
    const [type = "", ...params] = entry.trim().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    offered.set(type.trim(), q === undefined ? 1 : Number(q));
  }
  if ((offered.get("image/avif") ?? 0) > 0) return "avif";
  if ((offered.get("image/webp") ?? 0) > 0) return "webp";
  return "jpeg";
}

const CONTENT_TYPES: Record<OutputFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };

/** The disk cache's budget unless IMAGE_CACHE_MAX_MB says otherwise: sources × widths × formats add up. */
const DEFAULT_CACHE_MAX_MB = 2048;
/** How often the cache is pruned (and the first prune after start). */
const PRUNE_EVERY_MS = 60 * 60_000;
const FIRST_PRUNE_AFTER_MS = 60_000;
/** A write's temporary file older than this was left by a crash. */
const STALE_TEMPORARY_MS = 60 * 60_000;

export type PruneReport = { files: number; bytes: number; removed: number; removedBytes: number };

/**
 * Keeps the derived-image cache within `maxBytes`: when it is over, the least recently used files
 * (by mtime, which a hit refreshes) go until it is at 80 % of the budget, so pruning is not needed
 * again at once. Temporary files a crash left are removed too. Safe beside other instances sharing
 * the folder: a file already gone is skipped, and a removed derivative is only computed again.
 */
export async function pruneImageCache(cacheDir: string, maxBytes: number, now: Date = new Date()): Promise<PruneReport> {
  const entries: Array<{ file: string; size: number; used: number }> = [];
  let removed = 0;
  let removedBytes = 0;
  const remove = async (file: string, size: number) => {
    try {
      await unlink(file);
      removed += 1;
      removedBytes += size;
    } catch {
      // Gone already (another instance pruned it).
    }
  };
  let folders: string[];
  try {
    folders = await readdir(cacheDir);
  } catch {
    return { files: 0, bytes: 0, removed: 0, removedBytes: 0 };
  }
  for (const folder of folders) {
    let names: string[];
    try {
      names = await readdir(path.join(cacheDir, folder));
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(cacheDir, folder, name);
      try {
        const info = await stat(file);
        if (!info.isFile()) continue;
        if (name.endsWith(".tmp")) {
          if (now.getTime() - info.mtimeMs > STALE_TEMPORARY_MS) await remove(file, info.size);
          continue;
        }
        entries.push({ file, size: info.size, used: info.mtimeMs });
      } catch {
        // Removed while we looked.
      }
    }
  }
  let bytes = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (bytes > maxBytes) {
    entries.sort((a, b) => a.used - b.used);
    const target = maxBytes * 0.8;
    for (const entry of entries) {
      if (bytes <= target) break;
      await remove(entry.file, entry.size);
      bytes -= entry.size;
    }
  }
  return { files: entries.length - removed, bytes, removed, removedBytes };
}

export type ImageHandlerOptions = {
  /** Where `/generated/…` and other public files are (default: public/). */
  publicDir?: string;
  /** The seed dataset's folder; its images/ are served as `/cms-assets/…` (default: cms/seed). */
  seedDir?: string;
  /** Derived images are kept here, one file per source+modifiers+format (default: DATA_DIR/ipx-cache). */
  cacheDir: string;
  /** Remote hosts whose images may be derived (IMAGE_HOSTS, comma-separated); none by default. */
  hosts?: readonly string[];
  /** AVIF encoding effort 0–9 (sharp's default is 4; lower is faster and a little larger). */
  avifEffort?: number;
  /** The disk cache's budget in bytes (default: IMAGE_CACHE_MAX_MB, else 2 GB); pruned hourly, least recently used first. */
  cacheMaxBytes?: number;
  /** How many encodings run at once, per client and in all, and how many may wait (default: DEFAULT_IMAGE_LIMITS). */
  limits?: Partial<WorkLimits>;
};

/**
 * Encodings at once: half the cores (at least one), so the pages keep a core; sharp gives each one
 * libvips thread (AVIF's encoder adds a little: about 1.3 cores in all). A client has two in line at a time,
 * served in turns with every other client, and 62 more waiting: several pages' pictures at once (over
 * HTTP/2, or several tabs) never meet the 429, which a browser does not retry. Waiting is cheap (a
 * socket); the turns, not the queue's length, are what keep one client from delaying the others.
 */
export const DEFAULT_IMAGE_LIMITS: WorkLimits = {
  concurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)),
  perClient: 2,
  perClientQueue: 62,
  queue: 256,
  maxWaitMs: 30_000,
  retryAfterSeconds: 5,
};

/** Our own files, by URL path: `/cms-assets/x.jpg` from the seed dataset, everything else from public/. */
function localStorage(publicDir: string, seedDir: string) {
  const fileOf = (id: string): string => {
    const cms = `${SEED_ASSET_BASE}/`;
    if (id.startsWith(cms)) return path.join(seedDir, "images", id.slice(cms.length));
    return path.join(publicDir, id);
  };
  const storage: IPXStorage = {
    name: "rihla-files",
    async getMeta(id) {
      try {
        const info = await stat(fileOf(id));
        return info.isFile() ? { mtime: info.mtime, maxAge: IMAGE_MAX_AGE_SECONDS } : undefined;
      } catch {
        return undefined;
      }
    },
    async getData(id) {
      try {
        const data = await readFile(fileOf(id));
        return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
      } catch {
        return undefined;
      }
    },
  };
  return { storage, fileOf };
}

/**
 * The `/_ipx/{modifiers}/{source}` handler (mounted at /_ipx): resizes and converts images with ipx
 * (sharp). `f_auto` picks AVIF/WebP/JPEG by Accept and answers `Vary: Accept`, so the page's HTML is
 * the same for every browser. Each derivative is computed once (concurrent requests share the work)
 * and kept on disk under `cacheDir`, so restarts do not recompute; responses are immutable for a year.
 * A bad modifier or source is a 4xx, never a 5xx.
 */
export function createImageHandler(options: ImageHandlerOptions) {
  // libvips's operation cache never hits here (every source is a new buffer) and only holds memory; one
  // thread per encoding, since the limiter below decides how many run at once (sharp picks 1 already
  // under glibc's allocator, but as many as cores under another). Process-wide settings.
  sharp.cache(false);
  sharp.concurrency(1);
  const limiter = createWorkLimiter({ ...DEFAULT_IMAGE_LIMITS, ...options.limits });
  const hosts = options.hosts ?? (process.env.IMAGE_HOSTS ?? "").split(",").map((host) => host.trim()).filter(Boolean);
  const local = localStorage(path.resolve(options.publicDir ?? "public"), path.resolve(options.seedDir ?? DEFAULT_SEED_DIR));
  const cacheDir = path.resolve(options.cacheDir);
  const avifEffort = options.avifEffort ?? 2;
  const ipx = createIPX({
    maxAge: IMAGE_MAX_AGE_SECONDS,
    // ipx copies these onto sharp's options before encoding: a lower AVIF effort than sharp's 4 keeps
    // a cold derivative fast; webp's effort stays sharp's default.
    sharpOptions: { jpegProgressive: true, heifEffort: avifEffort } as Record<string, unknown>,
    storage: local.storage,
    httpStorage: hosts.length ? ipxHttpStorage({ domains: [...hosts], maxAge: IMAGE_MAX_AGE_SECONDS }) : undefined,
  });
  const inFlight = new Map<string, Promise<Buffer>>();
  const cacheMaxBytes = options.cacheMaxBytes ?? (Number(process.env.IMAGE_CACHE_MAX_MB) || DEFAULT_CACHE_MAX_MB) * 1024 * 1024;
  /** Files whose mtime this process refreshed since the last prune: a hit marks its file used once per prune period, not per request. */
  const touched = new Set<string>();
  const prune = async (): Promise<PruneReport> => {
    touched.clear();
    const report = await pruneImageCache(cacheDir, cacheMaxBytes);
    if (report.removed > 0) console.log(`[images] cache pruned: ${report.removed} files (${Math.round(report.removedBytes / 1024 / 1024)} MB) removed, ${Math.round(report.bytes / 1024 / 1024)} MB kept`);
    return report;
  };
  const runPrune = () => void prune().catch((error: unknown) => console.error("[images] pruning the cache failed", error));
  const firstPrune = setTimeout(runPrune, FIRST_PRUNE_AFTER_MS);
  firstPrune.unref();
  const pruneTimer = setInterval(runPrune, PRUNE_EVERY_MS);
  pruneTimer.unref();

  /** What identifies the source's content: its file's size and mtime (a re-seed makes new entries); a remote URL names its content. */
  async function sourceVersion(source: string): Promise<string> {
    if (/^https?:\/\//.test(source)) {
      if (!hosts.includes(new URL(source).host)) throw new ImageRequestError(403, `Host not allowed: ${new URL(source).host}`);
      return "remote";
    }
    try {
      const info = await stat(local.fileOf(source));
      if (!info.isFile()) throw new Error("not a file");
      return `${info.size}:${info.mtimeMs}`;
    } catch {
      throw new ImageRequestError(404, `No such image: ${source}`);
    }
  }

  async function derive(request: ImageRequest, format: OutputFormat, file: string): Promise<Buffer> {
    const modifiers: Record<string, string> = { ...request.modifiers, f: format };
    let data: Buffer;
    try {
      const result = await ipx(request.source, modifiers).process();
      data = typeof result.data === "string" ? Buffer.from(result.data) : Buffer.from(result.data);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      // ipx's own errors carry a status (404 missing, 403 host, 400 unreadable); sharp failing on a
      // source's bytes is the source's fault, not the server's.
      throw new ImageRequestError(status && status < 500 ? status : 422, error instanceof Error ? error.message : "Cannot process image");
    }
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    } catch (error) {
      console.error(`[images] could not cache ${file}:`, error);
    }
    return data;
  }

  /** The derivative's bytes: from disk, or computed once however many requests ask at the same time. */
  async function load(request: ImageRequest, format: OutputFormat, client: string): Promise<{ data: Buffer; key: string }> {
    const version = await sourceVersion(request.source);
    const key = createHash("sha256")
      .update(JSON.stringify([request.source, version, Object.entries(request.modifiers).sort(), format, format === "avif" ? avifEffort : 0]))
      .digest("hex")
      .slice(0, 40);
    const file = path.join(cacheDir, key.slice(0, 2), `${key}.${format}`);
    try {
      const data = await readFile(file);
      if (!touched.has(file)) {
        touched.add(file);
        const now = new Date();
        void utimes(file, now, now).catch(() => undefined);
      }
      return { data, key };
    } catch {
      // Not derived yet (or pruned).
    }
    let pending = inFlight.get(key);
    if (!pending) {
      // Only an encoding waits its turn; a derivative on disk is served at once. A second client asking
      // for the same derivative meanwhile shares the first one's turn (and its answer).
      pending = limiter.run(client, () => derive(request, format, file)).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return { data: await pending, key };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Method not allowed");
      return;
    }
    const request = parseStorefrontImagePath(req.url ?? "/");
    const format = request.format === "auto" ? negotiateImageFormat(req.headers.accept) : request.format;
    const { data, key } = await load(request, format, clientAddressOfNodeRequest(req));
    const etag = `"${key}"`;
    const headers: Record<string, string> = {
      "Content-Type": CONTENT_TYPES[format],
      "Cache-Control": IMMUTABLE,
      ETag: etag,
      "Content-Security-Policy": "default-src 'none'",
    };
    if (request.format === "auto") headers.Vary = "Accept";
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, "Content-Length": String(data.length) });
    res.end(req.method === "HEAD" ? undefined : data);
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof LimitExceeded ? (error.reason === "client" ? 429 : 503) : error instanceof ImageRequestError ? error.status : 500;
      if (status >= 500 && !(error instanceof LimitExceeded)) console.error("[images]", error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof LimitExceeded) {
        // Too many of this client's images waiting (429), or the server busy (503): try again shortly.
        res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": String(error.retryAfterSeconds) });
        res.end(error.message);
        return;
      }
      res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end(error instanceof ImageRequestError ? error.message : "Image processing failed");
    });
  };
  return Object.assign(handler, {
    /** Prunes the disk cache now (it also runs a minute after start and then hourly). */
    prune,
    /** Encodings running and waiting now. */
    limiterStats: limiter.stats,
    /** Stops the pruning timers. */
    close() {
      clearTimeout(firstPrune);
      clearInterval(pruneTimer);
    },
  });
}
