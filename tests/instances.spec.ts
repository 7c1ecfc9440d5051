import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import pg from "pg";
import { expect, test } from "./fixtures";

/**
 * Two instances on one PostgreSQL server behave as one store (docs: ARCHITECTURE.md §10, "Several
 * instances"): a catalogue change made through one is on the other's cached pages within 2 s, a CMS
 * webhook sent to one evicts the other's cached pages, the last seats of a slot are sold exactly once
 * across both, and an instance that drains says so on /readyz while the other stays ready.
 *
 * Runs only with TEST_DATABASE_URL (CI: a PostgreSQL 15 server); creates and drops its own database.
 */
const run = promisify(execFile);
const SERVER_URL = process.env.TEST_DATABASE_URL;
const WEBHOOK_SECRET = "instances-e2e-webhook-secret-0123456789ab"; // 40 characters
const SEATS_LEFT = 10;
const CLIENTS = 100;
const BATCH = 20;

type Instance = { name: "A" | "B"; port: number; origin: string; dataDir: string; process: ChildProcess; exited: Promise<void> };
const instances: Instance[] = [];
let databaseUrl = "";
let databaseName = "";
let workDir = "";
const slot = { productId: "", optionId: "", unitId: "", availabilityId: "", slug: "" };

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function sql<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startInstance(name: "A" | "B"): Promise<Instance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(workDir, `data-${name}-`));
  const log = openSync(path.join(workDir, `server-${name}.log`), "a");
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      COMMERCE_TEST_HOOKS: "1",
      TRUST_PROXY: "1",
      PAY_LATER_MAX_PER_ADDRESS: "100000",
      PAY_LATER_MAX_OPEN_PER_EMAIL: "1000",
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    stdio: ["ignore", log, log],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { name, port, origin, dataDir, process: child, exited };
}

async function waitReady(instance: Instance) {
  for (let attempt = 0; attempt < 720; attempt++) {
    if (instance.process.exitCode !== null) throw new Error(`instance ${instance.name} exited (${instance.process.exitCode}); see ${workDir}/server-${instance.name}.log`);
    try {
      if ((await fetch(`${instance.origin}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`instance ${instance.name} never became ready`);
}

async function stopInstance(instance: Instance) {
  if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill("SIGTERM");
  await Promise.race([instance.exited, sleep(25_000)]);
  if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill("SIGKILL");
}

/** Polls until `done` says yes; returns the milliseconds since `since`. */
async function pollUntil(since: number, limitMs: number, done: () => Promise<boolean>): Promise<number> {
  while (Date.now() - since < limitMs + 3_000) {
    if (await done()) return Date.now() - since;
    await sleep(20);
  }
  throw new Error(`not seen within ${limitMs + 3_000} ms`);
}

test.describe.configure({ mode: "serial" });

test.beforeEach(({}, testInfo) => {
  test.skip(!SERVER_URL, "TEST_DATABASE_URL is not set (CI sets it to a PostgreSQL server)");
  test.skip(testInfo.project.name !== "js", "server-side behaviour: the js project covers it");
});

test.beforeAll(async ({}, workerInfo) => {
  if (!SERVER_URL || workerInfo.project.name !== "js") return;
  test.setTimeout(300_000);
  workDir = mkdtempSync(path.join(tmpdir(), "rihla-instances-"));
  databaseName = `rihla_instances_${process.pid}`;
  databaseUrl = withDatabase(SERVER_URL, databaseName);
  const admin = withDatabase(SERVER_URL, "postgres");
  await sql(admin, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await sql(admin, `CREATE DATABASE ${databaseName}`);

  // The release steps: migrate, then seed (boot does neither on a server database).
  const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(workDir, "cli") };
  await run("npx", ["tsx", "scripts/migrate.ts"], { env, timeout: 120_000 });
  await run("npx", ["tsx", "scripts/seed.ts", "--scale", "200", "--no-images"], { env, timeout: 180_000, maxBuffer: 10_000_000 });

  // The slot of test C: an instant-confirmation START_TIME option sold per adult, 30 days ahead, whose
  // capacity an override (a console edit) sets to 10 before the instances start.
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const [candidate] = await sql<{ product_id: string; slug: string; option_id: string; unit_id: string; start: string }>(
    databaseUrl,
    `SELECT p.id AS product_id, p.slug, o.id AS option_id, u.id AS unit_id, s.start_times->>0 AS start
       FROM products p
       JOIN product_options o ON o.product_id = p.id
       JOIN units u ON u.option_id = o.id AND u.type = 'ADULT' AND coalesce(u.min_quantity, 1) <= 1 AND u.price IS NOT NULL
       JOIN availability_schedules s ON s.option_id = o.id
      WHERE p.availability_type = 'START_TIME' AND p.instant_confirmation AND p.time_zone = 'Asia/Riyadh'
        AND (p.expires_on IS NULL OR p.expires_on > $1::date) AND o.min_units <= 1
        AND s.capacity IS NOT NULL AND s.capacity > $2 AND s.weekdays = 127 AND s.valid_from <= $1::date
        AND (s.valid_to IS NULL OR s.valid_to >= $1::date) AND jsonb_array_length(s.start_times) > 0
        AND (SELECT count(*) FROM availability_schedules other WHERE other.option_id = o.id) = 1
      ORDER BY p.id, o.sort_order LIMIT 1`,
    [day, SEATS_LEFT],
  );
  if (!candidate) throw new Error("no START_TIME option to sell out in the seed");
  await sql(databaseUrl, `INSERT INTO availability_overrides (option_id, local_date, local_time, closed, capacity) VALUES ($1, $2::date, $3, false, $4)`, [
    candidate.option_id,
    day,
    candidate.start,
    SEATS_LEFT,
  ]);
  Object.assign(slot, {
    productId: candidate.product_id,
    optionId: candidate.option_id,
    unitId: candidate.unit_id,
    slug: candidate.slug,
    availabilityId: `${day}T${candidate.start}:00+03:00`,
  });

  instances.push(await startInstance("A"), await startInstance("B"));
  await Promise.all(instances.map(waitReady));
});

test.afterAll(async () => {
  await Promise.all(instances.map(stopInstance));
  if (SERVER_URL && databaseName) await sql(withDatabase(SERVER_URL, "postgres"), `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
  if (workDir && !process.env.KEEP_INSTANCE_LOGS) rmSync(workDir, { recursive: true, force: true });
});

const A = () => instances[0]!;
const B = () => instances[1]!;

test("A: a catalogue change made through one instance is on the other's cached listing within 2 s", async () => {
  const [city] = await sql<{ slug: string }>(databaseUrl, `SELECT d.slug FROM destinations d JOIN products p ON p.destination_id = d.id GROUP BY d.slug ORDER BY count(*) DESC, d.slug LIMIT 1`);
  const listing = `${B().origin}/things-to-do-in-${city!.slug}`;
  const first = await fetch(listing);
  expect(first.status).toBe(200);
  const html = await first.text();
  const second = await fetch(listing);
  await second.arrayBuffer();
  expect(second.headers.get("x-cache")).toBe("HIT");

  // A product the listing shows (its link is /<city>/<slug> or /experiences/<slug>).
  const linked = [...html.matchAll(/href="\/(?:[a-z0-9-]+)\/([a-z0-9-]+)"/g)].map((match) => match[1]!);
  const known = await sql<{ slug: string }>(databaseUrl, `SELECT slug FROM products WHERE slug = ANY($1::text[])`, [linked]);
  const slug = linked.find((candidate) => known.some((row) => row.slug === candidate));
  expect(slug, "the listing links to a product").toBeTruthy();

  const title = `Retitled ${randomUUID().slice(0, 8)}`;
  expect(html).not.toContain(title);
  const started = Date.now();
  const changed = await fetch(`${A().origin}/api/test/commerce`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action: "retitle-product", slug, title }) });
  expect(changed.status, await changed.clone().text()).toBe(200);
  const elapsed = await pollUntil(started, 2_000, async () => (await (await fetch(listing)).text()).includes(title));
  console.log(`[instances] catalogue change through A seen on B's cached listing after ${elapsed} ms`);
  expect(elapsed).toBeLessThanOrEqual(2_000);
});

test("B: a CMS webhook sent to one instance evicts the other's cached pages within 2 s", async () => {
  const faq = `${B().origin}/faq`;
  await (await fetch(faq)).arrayBuffer();
  const warm = await fetch(faq);
  await warm.arrayBuffer();
  expect(warm.headers.get("x-cache")).toBe("HIT");

  const body = JSON.stringify({ _id: "faqEntry-en-how-to-book", _type: "faqEntry", language: "en" });
  const started = Date.now();
  const sent = await fetch(`${A().origin}/api/cms/webhook`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET) },
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const elapsed = await pollUntil(started, 2_000, async () => {
    const response = await fetch(faq);
    await response.arrayBuffer();
    return response.headers.get("x-cache") === "MISS";
  });
  console.log(`[instances] CMS webhook to A evicted B's cached /faq after ${elapsed} ms`);
  expect(elapsed).toBeLessThanOrEqual(2_000);
});

test("C: 100 concurrent checkouts for the last 10 seats, split across both instances, sell exactly 10", async () => {
  test.setTimeout(240_000);
  const clients: Array<{ index: number; instance: Instance; context: APIRequestContext; added?: boolean; sold?: boolean; outcome?: string }> = [];
  for (let index = 0; index < CLIENTS; index++) {
    const instance = index % 2 === 0 ? A() : B();
    const context = await playwrightRequest.newContext({ baseURL: instance.origin, extraHTTPHeaders: { "X-Forwarded-For": `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` } });
    clients.push({ index, instance, context });
  }
  const inBatches = async (work: (client: (typeof clients)[number]) => Promise<void>) => {
    for (let start = 0; start < clients.length; start += BATCH) await Promise.all(clients.slice(start, start + BATCH).map(work));
  };
  try {
    // Everyone puts one adult in the cart while the 10 seats are still free, then everyone checks out.
    await inBatches(async (client) => {
      const response = await client.context.post("/cart", {
        form: { intent: "add", productId: slot.productId, optionId: slot.optionId, availabilityId: slot.availabilityId, [`unit.${slot.unitId}`]: "1", currency: "SAR" },
        maxRedirects: 0,
      });
      client.added = response.status() === 302 || response.status() === 303;
      const cookies = await client.context.storageState();
      client.added &&= cookies.cookies.some((cookie) => /cart/.test(cookie.name));
    });
    expect(clients.filter((client) => client.added).length, "every client has the slot in its cart").toBe(CLIENTS);

    await inBatches(async (client) => {
      const response = await client.context.post("/checkout", {
        form: {
          firstName: "Instance",
          lastName: `Client ${client.index}`,
          email: `client-${client.index}-${process.pid}@example.com`,
          countryCode: "+966",
          phone: `50${String(1_000_000 + client.index)}`,
          paymentMethod: "pay_later",
          idempotencyKey: randomUUID(),
        },
        maxRedirects: 0,
      });
      const location = response.headers()["location"] ?? "";
      client.outcome = `${response.status()} ${location.split("?")[0]}`;
      client.sold = response.status() === 303 && !/\/cart$/.test(location.split("?")[0]!);
    });
  } finally {
    await Promise.all(clients.map((client) => client.context.dispose()));
  }

  const soldBy = { A: 0, B: 0 };
  for (const client of clients) if (client.sold) soldBy[client.instance.name] += 1;
  const outcomes = clients.reduce<Record<string, number>>((all, client) => ({ ...all, [client.outcome!]: (all[client.outcome!] ?? 0) + 1 }), {});
  console.log(`[instances] last ${SEATS_LEFT} seats: A sold ${soldBy.A}, B sold ${soldBy.B}; answers ${JSON.stringify(outcomes)}`);

  const [seats] = await sql<{ capacity: number; held: number; booked: number }>(databaseUrl, `SELECT capacity, held, booked FROM inventory WHERE option_id = $1 AND availability_id = $2`, [slot.optionId, slot.availabilityId]);
  expect(seats).toBeTruthy();
  expect(seats!.capacity).toBe(SEATS_LEFT);
  expect(seats!.held + seats!.booked).toBe(SEATS_LEFT);
  const [orderCount] = await sql<{ n: number }>(
    databaseUrl,
    `SELECT count(DISTINCT o.id)::int AS n FROM orders o JOIN order_items i ON i.order_id = o.id WHERE i.option_id = $1 AND i.availability_id = $2 AND o.status <> 'REFUSED'`,
    [slot.optionId, slot.availabilityId],
  );
  expect(orderCount!.n).toBe(SEATS_LEFT);
  expect(soldBy.A + soldBy.B).toBe(SEATS_LEFT);
});

test("D: an instance that drains says so on /readyz while the other stays ready", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; reused: boolean }>((resolve, reject) => {
      const request = http.get(url, { agent }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, reused: request.reusedSocket }));
      });
      request.on("error", reject);
    });
  try {
    const warm = await get(`${B().origin}/readyz`);
    expect(warm.status).toBe(200);

    B().process.kill("SIGTERM");
    // The signal is delivered asynchronously: give B a moment to start draining (its drain delay is 5 s).
    await sleep(300);
    let outcome: string;
    try {
      const draining = await get(`${B().origin}/readyz`);
      expect(draining.reused, "answered on the warmed connection").toBe(true);
      expect(draining.status).toBe(503);
      expect(draining.body).toContain("draining");
      expect(draining.headers.connection).toBe("close");
      outcome = "503 draining with Connection: close on the kept-alive connection";
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ECONNREFUSED") throw error;
      outcome = "the kept-alive connection was closed; a new connection was refused";
    }
    console.log(`[instances] B during drain: ${outcome}`);
    expect((await fetch(`${A().origin}/readyz`)).status).toBe(200);
  } finally {
    agent.destroy();
  }
});
