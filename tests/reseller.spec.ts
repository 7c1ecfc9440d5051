import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { expect, test } from "./fixtures";
import { addToCart } from "./shop";
import { at, texts } from "./texts";

/**
 * A reseller selling our inventory end to end: a supplier Rihla (this build, its own data folder)
 * serves /octo/v1, and a second Rihla is a storefront whose BOOKING_API_URL points at it with a key
 * from `npm run octo:key`, its product imported with `npm run octo:import`. A customer books on the
 * reseller storefront (cart, checkout, sandbox payment); the supplier holds the booking, CONFIRMED
 * under the order's reference, with a voucher and a ticket per traveller whose PDFs open by their
 * signed links and whose QR codes open the tickets' check-in pages. JavaScript on and off (both projects), in
 * English and Arabic.
 */
const run = promisify(execFile);
const SAFARI = "camel-trek-at-sunset-near-jeddah-with-hotel-pickup";

const T = {
  en: { booking: texts("en", "booking"), detail: texts("en", "detail"), prefix: "" },
  ar: { booking: texts("ar", "booking"), detail: texts("ar", "detail"), prefix: "/ar" },
};
type Lang = keyof typeof T;
const b = (lang: Lang, key: string) => at(T[lang].booking, `booking.${key}`);

interface Server {
  origin: string;
  process: ChildProcess;
  dataDir: string;
}

const servers: Server[] = [];
let supplier: Server;
let storefront: Server;
let apiKey = "";
let productId = "";

async function waitFor(origin: string) {
  for (let attempt = 0; attempt < 900; attempt++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin} did not start`);
}

async function start(port: number, dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), SITE_URL: origin, DATA_DIR: dataDir, DRAIN_DELAY_SECONDS: "0", ...env },
    stdio: "ignore",
  });
  const server = { origin, process: child, dataDir };
  servers.push(server);
  await waitFor(origin);
  return server;
}

const octo = (pathname: string, init: RequestInit = {}) =>
  fetch(`${supplier.origin}/octo/v1${pathname}`, { ...init, headers: { Authorization: `Bearer ${apiKey}`, "Octo-Capabilities": "octo/pricing", "Content-Type": "application/json", ...init.headers } });

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, workerInfo) => {
  test.setTimeout(300_000);
  // Two ports per project above the suite's own (E2E_PORT), so the projects' servers never meet.
  const base = Number(process.env.E2E_PORT ?? 3100) + 2 + 2 * (workerInfo.project.name === "js" ? 0 : 1) + 10 * workerInfo.parallelIndex;
  const supplierData = mkdtempSync(path.join(os.tmpdir(), "rihla-supplier-"));
  const storefrontData = mkdtempSync(path.join(os.tmpdir(), "rihla-reseller-"));
  // The supplier issues the reseller a key (PGlite: before its server opens the folder).
  const issued = await run("npx", ["tsx", "scripts/octo-key.ts", "--reseller", "Reseller storefront"], { env: { ...process.env, NODE_ENV: "production", DATA_DIR: supplierData } });
  apiKey = /^(rihla_octo_\S+)$/m.exec(issued.stdout)![1]!;
  supplier = await start(base, supplierData);

  const products = (await (await octo("/products")).json()) as Array<{ id: string; reference: string }>;
  productId = products.find((product) => product.reference === SAFARI)!.id;
  // The reseller imports the supplier's product (four languages), then sells it through BOOKING_API_URL.
  const booking = { BOOKING_API_URL: `${supplier.origin}/octo/v1`, BOOKING_API_KEY: apiKey };
  await run("npx", ["tsx", "scripts/octo-import.ts", "--product", productId], { env: { ...process.env, NODE_ENV: "production", DATA_DIR: storefrontData, ...booking } });
  storefront = await start(base + 1, storefrontData, booking);
});

test.afterAll(async () => {
  for (const server of servers.splice(0)) {
    const exited = new Promise((resolve) => server.process.once("exit", resolve));
    server.process.kill("SIGTERM");
    await exited;
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

/** Page 1 of a PDF rendered (pdftoppm) and its QR code decoded (jsQR). */
function qrOf(pdf: Buffer): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rihla-e2e-ticket-"));
  const file = path.join(dir, "ticket.pdf");
  writeFileSync(file, pdf);
  execFileSync("pdftoppm", ["-r", "110", "-png", "-singlefile", file, file]);
  const png = PNG.sync.read(readFileSync(`${file}.png`));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

async function bookOnReseller(page: Page, lang: Lang): Promise<string> {
  const { prefix } = T[lang];
  const firstDay = 5 + Math.floor(Math.random() * 30);
  await addToCart(page, lang, SAFARI, firstDay, { days: 80 - firstDay, origin: storefront.origin });
  await page.goto(`${storefront.origin}${prefix}/checkout`);
  await page.getByLabel(b(lang, "checkout.firstName")).fill("Noura");
  await page.getByLabel(b(lang, "checkout.lastName")).fill("Al-Qahtani");
  await page.getByLabel(b(lang, "checkout.email")).fill("noura@example.com");
  await page.getByLabel(b(lang, "checkout.phone")).fill("501234567");
  await page.getByRole("button", { name: b(lang, "checkout.confirmPay") }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
  await page.getByLabel(/Card number|رقم البطاقة/).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /Pay|ادفع/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: b(lang, "result.success.heading") })).toBeVisible({ timeout: 30_000 });
  return (await page.getByTestId("order-reference").textContent())!.trim();
}

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: a customer books on the reseller storefront; the supplier confirms it with tickets`, async ({ page }) => {
    test.setTimeout(120_000);
    const reference = await bookOnReseller(page, lang);
    expect(reference).toMatch(/^RH-/);

    // On the supplier: the reseller's booking, confirmed under the order's reference.
    const listed = (await (await octo(`/bookings?resellerReference=${encodeURIComponent(reference)}`)).json()) as Array<{
      uuid: string;
      status: string;
      productId: string;
      testMode: boolean;
      voucher: { deliveryOptions: Array<{ deliveryFormat: string; deliveryValue: string }> };
      unitItems: Array<{ ticket: { deliveryOptions: Array<{ deliveryFormat: string; deliveryValue: string }> } }>;
    }>;
    expect(listed).toHaveLength(1);
    const [booking] = listed;
    expect(booking).toMatchObject({ status: "CONFIRMED", productId, testMode: false });
    const tickets = [booking!.voucher, ...booking!.unitItems.map((item) => item.ticket)];
    expect(tickets.length).toBeGreaterThanOrEqual(2);
    for (const ticket of tickets) {
      expect(ticket.deliveryOptions.map((option) => option.deliveryFormat)).toEqual(["QRCODE", "PDF_URL"]);
      const [code, pdfUrl] = ticket.deliveryOptions.map((option) => option.deliveryValue);
      expect(code).toMatch(/^[0-9A-Z]{32}$/);
      expect(pdfUrl!.startsWith(`${supplier.origin}/tickets/`)).toBe(true);
      // The traveller opens it without any session: a PDF whose QR opens the code's check-in page for staff.
      const pdf = await fetch(pdfUrl!);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(qrOf(Buffer.from(await pdf.arrayBuffer()))).toMatch(new RegExp(`/admin/check-in/${code}$`));
    }
    // A tampered link opens nothing.
    const tampered = new URL(tickets[0]!.deliveryOptions[1]!.deliveryValue);
    tampered.searchParams.set("sig", "A".repeat(32));
    expect((await fetch(tampered)).status).toBe(404);
  });
}
