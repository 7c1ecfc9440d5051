import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { evaluate, parse } from "groq-js";
import { expect, test } from "./fixtures";

/**
 * Content from Sanity, end to end: the built server reads content through `@sanity/client` from a
 * local stand-in for Sanity's query API (answered by groq-js over the seed export, as
 * app/content/sanity-contract.test.ts does). Editing a document there changes nothing until Sanity's
 * signed webhook arrives; after it, the next request shows the edit (content cache evicted, page
 * cache cleared).
 */
type SanityDocument = { _id: string; _type: string; [field: string]: unknown };
type Params = Record<string, unknown>;

const DATASET = "production";
const SECRET = "e2e-cms-webhook-secret";
const FAQ_ID = "faqEntry-en-how-to-book";
const ORIGINAL_QUESTION = "How do I book an experience?";
const EDITED_QUESTION = `Edited: ${ORIGINAL_QUESTION}`;

let api: Server | undefined;
let server: ChildProcess | undefined;
let origin = "";
/** The fake Sanity's dataset: the test edits it in place, as an editor would publish a change. */
let documents: SanityDocument[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Sanity's `/v{version}/data/query/{dataset}`: GET with `query` and `$name` params, or POST `{query, params}`. */
function startFakeSanity(): Promise<string> {
  api = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const match = /^\/v[0-9-]+\/data\/query\/([^/]+)$/.exec(url.pathname);
      if (!match || match[1] !== DATASET) {
        response.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
        return;
      }
      try {
        let query: string;
        let params: Params = {};
        if (request.method === "POST") {
          const body = JSON.parse(await readBody(request)) as { query: string; params?: Params };
          query = body.query;
          params = body.params ?? {};
        } else {
          query = url.searchParams.get("query") ?? "";
          for (const [name, value] of url.searchParams) if (name.startsWith("$")) params[name.slice(1)] = JSON.parse(value) as unknown;
        }
        // The app asks for the `published` perspective: Sanity then hides drafts (the queries filter them too).
        const visible = documents.filter((doc) => !doc._id.startsWith("drafts."));
        const result = await (await evaluate(parse(query, { params }), { dataset: visible, params })).get();
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ result, ms: 1, query }));
      } catch (error) {
        response.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { description: (error as Error).message } }));
      }
    })();
  });
  return new Promise((resolve) => api!.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(api!.address() as AddressInfo).port}`)));
}

function editDocument(id: string, fields: Record<string, unknown>) {
  const doc = documents.find((candidate) => candidate._id === id);
  if (!doc) throw new Error(`no document ${id} in the seed`);
  Object.assign(doc, fields, { _updatedAt: new Date().toISOString() });
}

// One fake Sanity and one server per worker, shared by the tests in order; the first start seeds a database.
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, workerInfo) => {
  test.setTimeout(240_000);
  const text = await readFile("cms/seed/production.ndjson", "utf8");
  documents = text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as SanityDocument);
  const apiHost = await startFakeSanity();

  const port = 3300 + workerInfo.workerIndex;
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: `.cache/e2e-cms-${workerInfo.workerIndex}`,
      SANITY_PROJECT_ID: "e2etest",
      SANITY_DATASET: DATASET,
      // createSanityStore turns off project hostnames when given an API host, so the CDN and API URLs both point here.
      SANITY_API_HOST: apiHost,
      SANITY_WEBHOOK_SECRET: SECRET,
    },
    stdio: "ignore",
  });
  for (let attempt = 0; attempt < 900; attempt++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the storefront on the fake Sanity did not start");
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
});

async function postWebhook(body: string, signature: string) {
  return fetch(`${origin}/api/cms/webhook`, { method: "POST", body, headers: { "Content-Type": "application/json", [SIGNATURE_HEADER_NAME]: signature } });
}

test("an edited CMS document (through the webhook) shows up on the next request", async ({ page }) => {
  // Exact text: the edited question contains the original one.
  const question = (text: string) => page.locator("summary").getByText(text, { exact: true });
  await page.goto(`${origin}/faq`);
  await expect(question(ORIGINAL_QUESTION)).toBeVisible();

  editDocument(FAQ_ID, { question: EDITED_QUESTION });
  // Cached (content cache and page cache): the edit is not seen until Sanity says it happened.
  await page.reload();
  await expect(question(ORIGINAL_QUESTION)).toBeVisible();
  await expect(question(EDITED_QUESTION)).toHaveCount(0);

  const body = JSON.stringify({ _id: FAQ_ID, _type: "faqEntry", language: "en" });

  // A forged call is refused and evicts nothing.
  const forged = await postWebhook(body, await encodeSignatureHeader(body, Date.now(), "not-the-secret"));
  expect(forged.status).toBe(401);
  await page.reload();
  await expect(question(ORIGINAL_QUESTION)).toBeVisible();
  await expect(question(EDITED_QUESTION)).toHaveCount(0);

  const signed = await postWebhook(body, await encodeSignatureHeader(body, Date.now(), SECRET));
  expect(signed.status).toBe(200);
  await page.reload();
  await expect(question(EDITED_QUESTION)).toBeVisible();
  await expect(question(ORIGINAL_QUESTION)).toHaveCount(0);
});

test("an edited experience content document refreshes that experience's page in every language", async ({ page }) => {
  const path = "/things-to-do-in-riyadh/riyadh-indoor-snow-park-entry-for-families";
  const title = page.getByRole("heading", { level: 1 });
  await page.goto(`${origin}${path}`);
  await expect(title).toHaveText("Snow Day at Riyadh's Indoor Snow Park");
  await page.goto(`${origin}/ar${path}`);
  await expect(title).toHaveText("يوم ثلجي في حديقة الثلج الداخلية بالرياض");

  // An editor publishes a new English title and clears the Arabic one (it falls back to English).
  editDocument("product-prd-000104", { title: { _type: "localeString", en: "Snow Day in Riyadh, edited" } });
  await page.reload();
  await expect(title).toHaveText("يوم ثلجي في حديقة الثلج الداخلية بالرياض");

  const body = JSON.stringify({ _id: "product-prd-000104", _type: "product" });
  expect((await postWebhook(body, await encodeSignatureHeader(body, Date.now(), SECRET))).status).toBe(200);
  await page.reload();
  await expect(title).toHaveText("Snow Day in Riyadh, edited");
  await page.goto(`${origin}${path}`);
  await expect(title).toHaveText("Snow Day in Riyadh, edited");

  // The same webhook resyncs the product texts onto the catalogue (ADR 054): search and cards follow, in Arabic too.
  const card = page.locator(".experience-card__title", { hasText: "Snow Day in Riyadh, edited" });
  await expect(async () => {
    await page.goto(`${origin}/ar/search/edited`);
    await expect(card).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});
