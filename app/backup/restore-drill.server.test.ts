/**
 * The restore drill (issue #31), as a test: orders are being placed and paid while the running store
 * backs itself up (the operator command `npm run backup` sends it); the backup restores into an empty
 * database (a DATA_DIR for the embedded one, an empty PostgreSQL database on the server-backed run),
 * which starts as the same store: every order confirmed before the backup is there, and the ZATCA
 * invoice chain goes on from where the backup left it, no counter used twice.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppContext, type AppContext } from "#app/context.server";
import { openNodePg, openPglite, type DatabaseHandle } from "#app/db/db.server";
import { backupRuns, orderItems, orders, taxDocuments } from "#app/db/schema";
import { databaseUrl } from "#app/db/testing.server";
import { FatooraClient } from "#app/invoicing/fatoora.server";
import { runInvoicingPass, type InvoicingDeps } from "#app/invoicing/invoicing-pass.server";
import { onboardUnit } from "#app/invoicing/onboarding.server";
import { runOperatorCommandIn } from "#app/ops/commands.server";
import { capturedCardOrder, createCardTestContext, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import { startFakeFatoora, type FakeFatoora } from "#app/testing/fake-fatoora.server";
import { sampleSeller } from "#app/testing/invoicing-fixtures.server";
import { decryptBackup } from "./crypto.server";
import { restorePgDump } from "./pg-dump.server";
import { restoreIntoFolder } from "./pglite-snapshot.server";

const BACKUP_KEY = "a-test-backup-key-of-32-characters!";
const ZATCA_KEY = "a-test-zatca-key-of-32-characters-or-more";
const serverUrl = process.env.TEST_DATABASE_URL;

let card: CardTestContext;
let fatoora: FakeFatoora;
let product: TestProduct;
let invoicing: InvoicingDeps;
let folder: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  card = await createCardTestContext();
  fatoora = await startFakeFatoora({ now: () => card.ctx.clock.now() });
  product = await pickProduct(card.ctx, { instant: true, refundable: true });
  invoicing = { db: card.ctx.db, now: () => card.ctx.clock.now(), seller: sampleSeller, unit: "web-1", vatRatePercent: 15, key: ZATCA_KEY, client: new FatooraClient(fatoora.origin) };
  await onboardUnit({ ...invoicing, client: invoicing.client!, key: ZATCA_KEY, now: invoicing.now(), environment: "simulation", otp: fatoora.otp, branch: "Riyadh", businessCategory: "Travel", activeFrom: new Date(Date.now() - 3_600_000) });
  folder = await mkdtemp(path.join(os.tmpdir(), "rihla-drill-"));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await fatoora?.close();
  await card?.ctx.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Where the live store's database is, as `npm run backup` would be told (DATABASE_URL on the server-backed run). */
function liveEnv() {
  return serverUrl ? { ...card.ctx.env, DATABASE_URL: databaseUrl(serverUrl, card.ctx.database.name) } : card.ctx.env;
}

/** Restores the backup file into an empty database of the same kind and opens it. */
async function restoreElsewhere(file: string): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const target = path.join(folder, "restored", "pglite");
    await restoreIntoFolder(file, BACKUP_KEY, target);
    return openPglite({ dataDir: target });
  }
  const name = `rihla_restore_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  await restorePgDump(decryptBackup(await readFile(file), BACKUP_KEY), databaseUrl(serverUrl, name));
  return openNodePg(databaseUrl(serverUrl, name), { max: 4 });
}

describe("the restore drill", () => {
  it("a backup taken while orders are placed restores into a store that starts with every earlier order, and its invoice chain goes on", async () => {
    // Before the backup: three paid orders, the first two invoiced already.
    const before = [];
    for (let i = 0; i < 2; i++) before.push(await capturedCardOrder(card, product, { daysAhead: 20 + i }));
    expect(await runInvoicingPass(invoicing)).toMatchObject({ issued: 2 });
    before.push(await capturedCardOrder(card, product, { daysAhead: 22 }));
    const documentsBefore = await card.ctx.db.select({ counter: taxDocuments.counter }).from(taxDocuments).orderBy(asc(taxDocuments.counter));

    // Orders keep being placed and paid while the store backs itself up.
    const during = (async () => {
      for (let i = 0; i < 3; i++) await capturedCardOrder(card, product, { daysAhead: 30 + i });
    })();
    const result = await runOperatorCommandIn({ db: card.ctx.db, database: card.ctx.database, env: liveEnv(), clock: card.ctx.clock }, "backup", { to: path.join(folder, "backups"), key: BACKUP_KEY });
    await during;
    expect(result.ok, result.output).toBe(true);
    const file = result.output.split("\n")[0]!;
    expect(await readdir(path.join(folder, "backups"))).toEqual([path.basename(file)]);
    expect(result.output).toMatch(/verified by restoring it into a scratch database: orders \d+/);
    const [run] = await card.ctx.db.select().from(backupRuns);
    expect(run).toMatchObject({ status: "succeeded", trigger: "command", location: file });

    const restoredDatabase = await restoreElsewhere(file);
    const restored: AppContext = await createAppContext({ ...card.ctx.env, DATA_DIR: path.join(folder, "restored") }, { database: restoredDatabase, closeDatabase: true, clock: card.ctx.clock, mailer: { send: async () => ({ messageId: "<drill@rihla.test>", transport: "outbox" }) } });
    cleanups.push(() => restored.stop());
    await restored.start();

    // Every order confirmed before the backup is there, confirmed, with its items.
    const ids = before.map((order) => order.orderId);
    const restoredOrders = await restored.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids));
    expect(restoredOrders.map((order) => order.id).sort()).toEqual([...ids].sort());
    const restoredItems = await restored.db.select({ status: orderItems.status }).from(orderItems).where(inArray(orderItems.orderId, ids));
    expect(restoredItems.map((item) => item.status)).toEqual(["CONFIRMED", "CONFIRMED", "CONFIRMED"]);
    expect(run!.counts?.orders).toBe((await restored.db.select({ id: orders.id }).from(orders)).length);

    // The invoice chain continues where the backup left it: the next documents take the next counters.
    const restoredBefore = await restored.db.select({ counter: taxDocuments.counter }).from(taxDocuments).orderBy(asc(taxDocuments.counter));
    expect(restoredBefore.slice(0, documentsBefore.length)).toEqual(documentsBefore);
    const pass = await runInvoicingPass({ ...invoicing, db: restored.db });
    expect(pass.issued).toBeGreaterThanOrEqual(1);
    const counters = (await restored.db.select({ counter: taxDocuments.counter }).from(taxDocuments).orderBy(asc(taxDocuments.counter))).map((row) => row.counter);
    expect(new Set(counters).size).toBe(counters.length);
    expect(counters).toEqual(counters.map((_, index) => index + 1));
    const [third] = await restored.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, before[2]!.orderId));
    expect(third!.counter).toBeGreaterThan(documentsBefore.at(-1)!.counter);
  });
});
