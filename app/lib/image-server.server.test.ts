import { mkdtempSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createImageHandler, negotiateImageFormat, parseImagePath, pruneImageCache } from "./image-server.server";

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
  const picture = sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 120, b: 40 } } });
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
    const url = `${base}/_ipx/w_160&h_100&f_auto&q_70&fit_cover/generated/a-1600.webp`;
    const avif = await fetch(url, { headers: { Accept: AVIF_FIRST } });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toBe("Accept");
    expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const webp = await fetch(url, { headers: { Accept: WEBP_ONLY } });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 160, 100]);
    const jpeg = await fetch(url, { headers: { Accept: "*/*" } });
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
  });

  test("seed CMS images are sources too; an explicit format does not vary", async () => {
    const response = await fetch(`${base}/_ipx/w_100&f_webp/cms-assets/hero.jpg`, { headers: { Accept: AVIF_FIRST } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("vary")).toBeNull();
  });

  test("a derivative is computed once, kept on disk, and served from there after a restart", async () => {
    const url = "/_ipx/w_80&h_50&f_webp&fit_cover/generated/a-1600.webp";
    const before = cached().length;
    const encodes = vi.spyOn(sharp.prototype, "toBuffer");
    const bodies = await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}${url}`).then(async (response) => Buffer.from(await response.arrayBuffer()))));
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
      const response = await fetch(`${restarted.base}${url}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(bodies[0]!)).toBe(true);
      expect(spy).not.toHaveBeenCalled();
      expect(cached().length).toBe(before + 1);
      const etag = response.headers.get("etag")!;
      expect((await fetch(`${restarted.base}${url}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
    } finally {
      spy.mockRestore();
      await new Promise<void>((resolve) => restarted.instance.close(() => resolve()));
    }
  });

  test.each([
    ["/_ipx/w_99999/generated/a-1600.webp", 400],
    ["/_ipx/nope_1/generated/a-1600.webp", 400],
    ["/_ipx/w_10/generated/missing.webp", 404],
    ["/_ipx/w_10/generated/broken.webp", 400],
    ["/_ipx/w_10/https://evil.example/x.jpg", 403],
    ["/_ipx/w_10/..%2F..%2Fpackage.json", 400],
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
      const wanted = "/_ipx/w_64&f_webp/generated/a-1600.webp";
      const unwanted = "/_ipx/w_64&f_jpeg/cms-assets/hero.jpg";
      expect((await fetch(`${own.base}${wanted}`)).status).toBe(200);
      expect((await fetch(`${own.base}${unwanted}`)).status).toBe(200);
      expect(files()).toHaveLength(2);
      // Both were made days ago; then a visitor asks for one of them again.
      for (const name of files()) utimesSync(path.join(dir, name), days(3), days(3));
      expect((await fetch(`${own.base}${wanted}`)).status).toBe(200);
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
