import { mkdtempSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createImageHandler, negotiateImageFormat, parseImagePath, parseStorefrontImagePath, pruneImageCache } from "#app/web/image-server.server";
import { imageUrl, responsiveImage } from "#app/lib/images";
import { createWorkLimiter, LimitExceeded } from "#app/lib/work-limiter.server";

const AVIF_FIRST = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const WEBP_ONLY = "image/webp,*/*";

let server: Server;
let base: string;
let cacheDir: string;
let publicDir: string;
let seedDir: string;

async function start(handler: ReturnType<typeof createImageHandler>) {
  const instance = createServer((req, res) => {
    req.url = req.url!.replace(/^\/_ipx/, "");
    handler(req, res);
  });
  await new Promise<void>((resolve) => instance.listen(0, "127.0.0.1", resolve));
  return { instance, base: `http://127.0.0.1:${(instance.address() as AddressInfo).port}` };
}

const cached = () => readdirSync(cacheDir, { recursive: true }).filter((name) => String(name).match(/\.(avif|webp|jpeg|png)$/));

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), "rihla-ipx-"));
  publicDir = path.join(root, "public");
  seedDir = path.join(root, "seed");
  cacheDir = path.join(root, "data", "ipx-cache");
  mkdirSync(path.join(publicDir, "generated"), { recursive: true });
  mkdirSync(path.join(seedDir, "images"), { recursive: true });
  const picture = sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  writeFileSync(path.join(publicDir, "generated", "a-1600.webp"), await picture.clone().webp().toBuffer());
  writeFileSync(path.join(seedDir, "images", "hero.jpg"), await picture.clone().jpeg().toBuffer());
  writeFileSync(path.join(publicDir, "generated", "broken.webp"), "not an image");
  ({ instance: server, base } = await start(createImageHandler({ publicDir, seedDir, cacheDir })));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the /_ipx URL", () => {
  test("reads the modifiers the storefront makes, folding long names", () => {
    expect(parseImagePath("/w_640&h_400&f_auto&q_70&fit_cover/generated/a.webp")).toEqual({ modifiers: { w: "640", h: "400", q: "70", fit: "cover" }, format: "auto", source: "/generated/a.webp" });
    expect(parseImagePath("/width_10,format_jpg/cms-assets/x.jpg")).toEqual({ modifiers: { w: "10" }, format: "jpeg", source: "/cms-assets/x.jpg" });
  });

  test.each(["/w_99999/generated/a.webp", "/w_abc/generated/a.webp", "/q_0/generated/a.webp", "/f_bmp/generated/a.webp", "/fit_squash/generated/a.webp", "/blur_5/generated/a.webp", "/w_10/generated/../../etc/passwd.png", "/w_10/build/entry.js", "/w_10", "/w_10/%E0%A4%A"])("%s is refused", (url) => {
    expect(() => parseImagePath(url)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe("the derivatives offered: only what the pages and the OCTO feed ask for", () => {
  const PAGE_PICTURES = [
    ["a card, a tile, a blog card", { width: 400, height: 250, sizes: "300px" }],
    ["the home gallery", { width: 400, height: 300, sizes: "400px" }],
    ["the detail gallery", { width: 800, height: 500, sizes: "60vw" }],
    ["a blog cover", { width: 1200, height: 675, sizes: "100vw" }],
    ["the hero of unknown size", { width: 1600, height: 900, sizes: "100vw", maxWidth: 1600 }],
    ["a prose picture of unknown size", { width: 720, height: 405, sizes: "720px" }],
    ["a hero of its own size and shape", { width: 1920, height: 1280, sizes: "100vw", maxWidth: 1920 }],
    ["a small prose picture of its own shape", { width: 500, height: 333, sizes: "500px", maxWidth: 500 }],
  ] as const;

  test.each(PAGE_PICTURES)("every URL of %s is accepted", (_name, box) => {
    const image = responsiveImage("/generated/a-1600.webp", box);
    const urls = [image.src, ...image.srcSet.split(", ").map((candidate) => candidate.split(" ")[0]!)];
    for (const url of urls) expect(() => parseStorefrontImagePath(url.replace(/^\/_ipx/, "")), url).not.toThrow();
  });

  test("the OCTO feed's JPEG is accepted", () => {
    expect(parseStorefrontImagePath(imageUrl("/generated/a-1600.webp", { width: 1600, format: "jpeg" }).replace(/^\/_ipx/, ""))).toMatchObject({ format: "jpeg", modifiers: { w: "1600" } });
  });

  test.each([
    ["a width no page uses", "/w_1000&h_625&f_auto&q_70&fit_cover/generated/a.webp"],
    ["a width past the largest", "/w_3200&h_2000&f_auto&q_70&fit_cover/generated/a.webp"],
    ["a height of no shape the pages show", "/w_640&h_401&f_auto&q_70&fit_cover/generated/a.webp"],
    ["no width", "/h_400&f_auto&q_70&fit_cover/generated/a.webp"],
    ["no modifiers", "/_/generated/a.webp"],
    ["an explicit AVIF", "/w_640&h_400&f_avif&q_70&fit_cover/generated/a.webp"],
    ["an explicit WebP", "/w_640&h_400&f_webp&q_70&fit_cover/generated/a.webp"],
    ["another quality", "/w_640&h_400&f_auto&q_90&fit_cover/generated/a.webp"],
    ["no quality", "/w_640&h_400&f_auto&fit_cover/generated/a.webp"],
    ["another fit", "/w_640&h_400&f_auto&q_70&fit_contain/generated/a.webp"],
    ["a background", "/w_640&h_400&f_auto&q_70&fit_cover&b_ffffff/generated/a.webp"],
    ["a JPEG cropped", "/w_640&h_400&f_jpeg/generated/a.webp"],
    ["a JPEG with a quality", "/w_640&f_jpeg&q_100/generated/a.webp"],
  ])("%s is refused with a 400: %s", (_name, url) => {
    expect(parseImagePath(url)).toBeTruthy();
    expect(() => parseStorefrontImagePath(url)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe("format negotiation", () => {
  test("AVIF when listed, then WebP, then JPEG; q=0 refuses and */* says nothing", () => {
    expect(negotiateImageFormat(AVIF_FIRST)).toBe("avif");
    expect(negotiateImageFormat(WEBP_ONLY)).toBe("webp");
    expect(negotiateImageFormat("image/avif;q=0, image/webp")).toBe("webp");
    expect(negotiateImageFormat("*/*")).toBe("jpeg");
    expect(negotiateImageFormat(undefined)).toBe("jpeg");
  });
});

describe("the image handler", () => {
  test("f_auto answers AVIF or WebP by Accept, sized, immutable, with Vary: Accept", async () => {
    const url = `${base}/_ipx/w_320&h_200&f_auto&q_70&fit_cover/generated/a-1600.webp`;
    const avif = await fetch(url, { headers: { Accept: AVIF_FIRST } });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toBe("Accept");
    expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const webp = await fetch(url, { headers: { Accept: WEBP_ONLY } });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 200]);
    const jpeg = await fetch(url, { headers: { Accept: "*/*" } });
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
  });

  test("seed CMS images are sources too; an explicit format (OCTO's JPEG) does not vary", async () => {
    const response = await fetch(`${base}/_ipx/w_320&f_jpeg/cms-assets/hero.jpg`, { headers: { Accept: AVIF_FIRST } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("vary")).toBeNull();
  });

  test("a derivative is computed once, kept on disk, and served from there after a restart", async () => {
    const url = "/_ipx/w_400&h_250&f_auto&q_70&fit_cover/generated/a-1600.webp";
    const before = cached().length;
    const encodes = vi.spyOn(sharp.prototype, "toBuffer");
    const bodies = await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}${url}`, { headers: { Accept: WEBP_ONLY } }).then(async (response) => Buffer.from(await response.arrayBuffer()))));
    // Five requests at once, one encoding.
    expect(encodes).toHaveBeenCalledTimes(1);
    encodes.mockRestore();
    expect(new Set(bodies.map((body) => body.toString("base64"))).size).toBe(1);
    expect(cached().length).toBe(before + 1);

    // A new process over the same cache directory reads the file instead of calling sharp.
    const again = createImageHandler({ publicDir, seedDir, cacheDir });
    const restarted = await start(again);
    const spy = vi.spyOn(sharp.prototype, "toBuffer");
    try {
      const response = await fetch(`${restarted.base}${url}`, { headers: { Accept: WEBP_ONLY } });
      expect(Buffer.from(await response.arrayBuffer()).equals(bodies[0]!)).toBe(true);
      expect(spy).not.toHaveBeenCalled();
      expect(cached().length).toBe(before + 1);
      const etag = response.headers.get("etag")!;
      expect((await fetch(`${restarted.base}${url}`, { headers: { "If-None-Match": etag, Accept: WEBP_ONLY } })).status).toBe(304);
    } finally {
      spy.mockRestore();
      await new Promise<void>((resolve) => restarted.instance.close(() => resolve()));
    }
  });

  test.each([
    ["/_ipx/w_99999/generated/a-1600.webp", 400],
    ["/_ipx/nope_1/generated/a-1600.webp", 400],
    ["/_ipx/w_320&f_jpeg/generated/missing.webp", 404],
    ["/_ipx/w_320&f_jpeg/generated/broken.webp", 400],
    ["/_ipx/w_320&f_jpeg/https://evil.example/x.jpg", 403],
    ["/_ipx/w_320&f_jpeg/..%2F..%2Fpackage.json", 400],
    ["/_ipx/w_1000&h_625&f_auto&q_70&fit_cover/generated/a-1600.webp", 400],
  ])("%s is a %i, never a 5xx", async (url, status) => {
    const response = await fetch(`${base}${url}`);
    expect(response.status).toBe(status);
  });
});

describe("the disk cache's budget", () => {
  const days = (n: number) => new Date(Date.now() - n * 86_400_000);

  test("over budget, the least recently used derivatives go until it is at 80 %; a crash's old temporary files go too", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rihla-ipx-prune-"));
    const put = (name: string, size: number, usedDaysAgo: number) => {
      mkdirSync(path.join(dir, name.slice(0, 2)), { recursive: true });
      const file = path.join(dir, name.slice(0, 2), name);
      writeFileSync(file, Buffer.alloc(size));
      utimesSync(file, days(usedDaysAgo), days(usedDaysAgo));
    };
    put("aa01.avif", 400, 5);
    put("aa02.webp", 300, 1);
    put("bb03.jpeg", 200, 3);
    put("bb04.avif", 100, 0);
    put("cc05.webp.123.abc.tmp", 50, 2);
    put("cc06.webp.123.def.tmp", 50, 0);
    const names = () => readdirSync(dir, { recursive: true }).map(String).filter((name) => name.includes(".")).map((name) => path.basename(name)).sort();

    // Within budget: only the stale temporary file goes.
    expect(await pruneImageCache(dir, 2000)).toMatchObject({ removed: 1, bytes: 1000 });
    expect(names()).toEqual(["aa01.avif", "aa02.webp", "bb03.jpeg", "bb04.avif", "cc06.webp.123.def.tmp"]);

    // Budget 600 (target 480): the oldest (400) then the next oldest (200) go; the recently used stay.
    expect(await pruneImageCache(dir, 600)).toMatchObject({ removed: 2, removedBytes: 600, bytes: 400 });
    expect(names()).toEqual(["aa02.webp", "bb04.avif", "cc06.webp.123.def.tmp"]);

    // A cache folder that does not exist yet is an empty cache.
    expect(await pruneImageCache(path.join(dir, "missing"), 10)).toEqual({ files: 0, bytes: 0, removed: 0, removedBytes: 0 });
  });

  test("an image served from the cache counts as used: pruning keeps it and drops the one nobody asked for", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rihla-ipx-lru-"));
    const handler = createImageHandler({ publicDir, seedDir, cacheDir: dir });
    const own = await start(handler);
    const files = () => readdirSync(dir, { recursive: true }).map(String).filter((name) => /\.(webp|jpeg)$/.test(name));
    try {
      const wanted = "/_ipx/w_320&h_200&f_auto&q_70&fit_cover/generated/a-1600.webp";
      const unwanted = "/_ipx/w_640&f_jpeg/cms-assets/hero.jpg";
      expect((await fetch(`${own.base}${wanted}`, { headers: { Accept: WEBP_ONLY } })).status).toBe(200);
      expect((await fetch(`${own.base}${unwanted}`)).status).toBe(200);
      expect(files()).toHaveLength(2);
      // Both were made days ago; then a visitor asks for one of them again.
      for (const name of files()) utimesSync(path.join(dir, name), days(3), days(3));
      expect((await fetch(`${own.base}${wanted}`, { headers: { Accept: WEBP_ONLY } })).status).toBe(200);
      await vi.waitFor(() => expect(Math.max(...files().map((name) => statSync(path.join(dir, name)).mtimeMs))).toBeGreaterThan(days(1).getTime()));
      const sizes = files().map((name) => statSync(path.join(dir, name)).size);
      const report = await pruneImageCache(dir, Math.max(...sizes) + 1);
      expect(report.removed).toBe(1);
      expect(files()).toHaveLength(1);
      expect(files()[0]!.endsWith(".webp")).toBe(true);
      // The dropped one is made again when asked for.
      expect((await fetch(`${own.base}${unwanted}`)).status).toBe(200);
      expect(files()).toHaveLength(2);
    } finally {
      handler.close();
      await new Promise<void>((resolve) => own.instance.close(() => resolve()));
    }
  });
});

describe("the limit on encodings", () => {
  const limits = { concurrency: 1, perClient: 2, perClientQueue: 2, queue: 10, maxWaitMs: 10_000, retryAfterSeconds: 5 };
  /** A job that runs until `finish()`, noting when it started. */
  function job(log: string[], name: string) {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    return { finish, run: async () => (log.push(name), await done, name) };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  test("runs `concurrency` jobs at once; clients take turns, one client's backlog never ahead of another's first", async () => {
    const limiter = createWorkLimiter(limits);
    const started: string[] = [];
    const jobs = Object.fromEntries(["a1", "a2", "a3", "a4", "b1"].map((name) => [name, job(started, name)]));
    const results = ["a1", "a2", "a3", "a4"].map((name) => limiter.run("a", jobs[name]!.run));
    await settle();
    const b = limiter.run("b", jobs.b1!.run);
    await settle();
    expect(started).toEqual(["a1"]);
    expect(limiter.stats()).toEqual({ running: 1, waiting: 4, clients: 2 });
    jobs.a1!.finish();
    await settle();
    expect(started).toEqual(["a1", "a2"]);
    jobs.a2!.finish();
    await settle();
    // a3 became a's next in line only when a1 finished, after b1 had joined the line.
    expect(started).toEqual(["a1", "a2", "b1"]);
    jobs.b1!.finish();
    await settle();
    jobs.a3!.finish();
    await settle();
    jobs.a4!.finish();
    expect(await Promise.all([...results, b])).toEqual(["a1", "a2", "a3", "a4", "b1"]);
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0, clients: 0 });
  });

  test("a client past its running and waiting jobs is refused at once (429); others are not", async () => {
    const limiter = createWorkLimiter(limits);
    const started: string[] = [];
    const jobs = ["a1", "a2", "a3", "a4"].map((name) => job(started, name));
    const running = jobs.map((entry) => limiter.run("a", entry.run));
    await expect(limiter.run("a", async () => "a5")).rejects.toEqual(expect.objectContaining({ reason: "client", retryAfterSeconds: 5 }));
    const other = limiter.run("b", async () => "b1");
    for (const entry of jobs) {
      entry.finish();
      await settle();
    }
    expect(await other).toBe("b1");
    expect(await Promise.all(running)).toEqual(["a1", "a2", "a3", "a4"]);
  });

  test("when too many wait in all, or a job waits too long, the server is busy (503) and the job never runs", async () => {
    vi.useFakeTimers();
    try {
      const limiter = createWorkLimiter({ ...limits, queue: 1, maxWaitMs: 1_000 });
      const first = job([], "a1");
      const running = limiter.run("a", first.run);
      const ran: string[] = [];
      const waiting = limiter.run("b", async () => (ran.push("b1"), "b1"));
      await expect(limiter.run("c", async () => "c1")).rejects.toBeInstanceOf(LimitExceeded);
      await expect(limiter.run("c", async () => "c1")).rejects.toEqual(expect.objectContaining({ reason: "server" }));
      const timedOut = expect(waiting).rejects.toEqual(expect.objectContaining({ reason: "server" }));
      await vi.advanceTimersByTimeAsync(1_000);
      await timedOut;
      expect(limiter.stats()).toEqual({ running: 1, waiting: 0, clients: 1 });
      first.finish();
      expect(await running).toBe("a1");
      expect(ran).toEqual([]);
      expect(limiter.stats()).toEqual({ running: 0, waiting: 0, clients: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  test("over HTTP: a client past its limit gets 429 with Retry-After, another client is served, a cached image never waits", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rihla-ipx-limit-"));
    const handler = createImageHandler({ publicDir, seedDir, cacheDir: dir, limits: { concurrency: 1, perClient: 1, perClientQueue: 0, queue: 10, maxWaitMs: 10_000, retryAfterSeconds: 7 } });
    const own = await start(handler);
    const original = sharp.prototype.toBuffer;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Every encoding waits for the gate: the first request holds the one slot meanwhile.
    const encodes = vi.spyOn(sharp.prototype, "toBuffer").mockImplementation(async function (this: sharp.Sharp) {
      await gate;
      return original.call(this);
    } as typeof original);
    const page = (width: number) => `${own.base}/_ipx/w_${width}&h_${Math.round(width / 1.6)}&f_auto&q_70&fit_cover/generated/a-1600.webp`;
    try {
      const first = fetch(page(320), { headers: { Accept: WEBP_ONLY } });
      await vi.waitFor(() => expect(handler.limiterStats().running).toBe(1));
      const refused = await fetch(page(400), { headers: { Accept: WEBP_ONLY } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("7");
      expect(refused.headers.get("cache-control")).toBe("no-store");
      const otherClient = fetch(page(640), { headers: { Accept: WEBP_ONLY, "X-Forwarded-For": "203.0.113.9" } });
      await vi.waitFor(() => expect(handler.limiterStats().waiting).toBe(1));
      open();
      expect((await first).status).toBe(200);
      expect((await otherClient).status).toBe(200);
      // The first client, its encoding done, is served again; from disk while its next one is made.
      expect((await fetch(page(400), { headers: { Accept: WEBP_ONLY } })).status).toBe(200);
      expect((await fetch(page(320), { headers: { Accept: WEBP_ONLY } })).status).toBe(200);
      expect(encodes).toHaveBeenCalledTimes(3);
    } finally {
      encodes.mockRestore();
      handler.close();
      await new Promise<void>((resolve) => own.instance.close(() => resolve()));
    }
  });
});
