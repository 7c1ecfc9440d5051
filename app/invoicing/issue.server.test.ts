import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#app/db/schema";
import { createTestDatabase } from "#app/db/testing.server";
import { sampleSeller } from "#app/testing/invoicing-fixtures.server";
import { makeTestSigner } from "#app/testing/zatca-certificate.server";
import { issueDocument, type IssueDeps, type IssueRequest } from "./issue.server";
import { checkStamp, GENESIS_PIH, invoiceHash } from "./stamp";
import { validateDocument } from "./validate";

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
let handle: Handle;
let deps: IssueDeps;
const now = new Date("2026-11-28T10:00:00Z");
const signer = makeTestSigner(now);

beforeAll(async () => {
  handle = await createTestDatabase();
  deps = { db: handle.db, now: () => now, seller: sampleSeller, unit: "web1", vatRatePercent: 15, credentials: async () => signer };
});
afterAll(async () => {
  await handle?.close();
});

const invoiceFor = (key: string, totalWithVat = 86_250): IssueRequest => ({
  kind: "invoice",
  sourceKey: `order:${key}`,
  orderId: null,
  paymentMeansCode: "48",
  lines: [{ name: "Desert safari", quantity: 2, totalWithVat }],
});

describe("issueDocument", () => {
  it("issues a stamped, valid invoice as counter 1 on the genesis PIH, then a credit note chained after it", async () => {
    const invoice = await issueDocument(deps, invoiceFor("A"));
    expect(invoice).toMatchObject({ counter: 1, previousHash: GENESIS_PIH, number: "INV-web1-000001", kind: "invoice", payableAmount: 86_250 });
    expect(invoiceHash(invoice.xml)).toBe(invoice.invoiceHash);
    expect(validateDocument(invoice.xml, { now }).filter((result) => !result.ok)).toEqual([]);

    const creditNote = await issueDocument(deps, { ...invoiceFor("A"), kind: "creditNote", sourceKey: "refund:A1", invoiceId: invoice.id, reason: "Cancelled by the customer" });
    expect(creditNote).toMatchObject({ counter: 2, previousHash: invoice.invoiceHash, number: "CRN-web1-000002", invoiceId: invoice.id });
    expect(creditNote.xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(creditNote.xml).toContain(`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${invoice.invoiceHash}</cbc:EmbeddedDocumentBinaryObject>`);
    expect(checkStamp(creditNote.xml).filter((check) => !check.ok)).toEqual([]);
  });

  it("issues each source once: asking again returns the same document and uses no counter", async () => {
    const first = await issueDocument(deps, invoiceFor("B"));
    const again = await issueDocument(deps, invoiceFor("B"));
    expect(again.id).toBe(first.id);
    const next = await issueDocument(deps, invoiceFor("C"));
    expect(next.counter).toBe(first.counter + 1);
  });

  it("a document that fails to stamp uses no counter", async () => {
    const before = await issueDocument(deps, invoiceFor("D"));
    const wrongKey = { ...deps, credentials: async () => ({ privateKey: makeTestSigner().privateKey, certificate: signer.certificate }) };
    await expect(issueDocument(wrongKey, invoiceFor("E"))).rejects.toThrow(/does not belong/);
    const after = await issueDocument(deps, invoiceFor("E"));
    expect(after).toMatchObject({ counter: before.counter + 1, previousHash: before.invoiceHash });
  });

  it("concurrent issues get consecutive counters, each chained to the one before, and a repeated source once", async () => {
    const requests = Array.from({ length: 12 }, (_, index) => invoiceFor(`P${index % 10}`, 10_000 + index));
    const issued = await Promise.all(requests.map((request) => issueDocument(deps, request)));
    expect(new Set(issued.map((document) => document.id)).size).toBe(10);
    const chain = await handle.db.select().from(schema.taxDocuments).where(eq(schema.taxDocuments.unit, "web1")).orderBy(asc(schema.taxDocuments.counter));
    expect(chain.map((document) => document.counter)).toEqual(Array.from({ length: chain.length }, (_, index) => index + 1));
    chain.forEach((document, index) => expect(document.previousHash).toBe(index === 0 ? GENESIS_PIH : chain[index - 1]!.invoiceHash));
    const [head] = await handle.db.select().from(schema.taxDocumentChains).where(eq(schema.taxDocumentChains.unit, "web1"));
    expect(head).toMatchObject({ counter: chain.length, lastHash: chain.at(-1)!.invoiceHash });
  });
});
