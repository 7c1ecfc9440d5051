/**
 * Issuing a tax document on an issuing unit's chain: the next counter (ICV) and the previous hash
 * (PIH) are taken under the chain row's lock, the document is built, stamped and stored in the same
 * transaction, and the chain moves on to its hash. A failure anywhere rolls the counter back with it,
 * so counters are gap-free; the lock makes them unique across instances. Each source (an order's
 * invoice, a refund's credit note) is issued once: asking again returns the document already issued.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { GENESIS_PIH, stampDocument, type SigningCredentials } from "./stamp";
import { buildDocumentXml, splitVatInclusive, type DocumentLine, type Seller } from "./ubl";
import { convertAmount, currencyExponent, type CurrencyCode } from "#app/lib/money";

export type IssueDeps = {
  db: Database;
  now: () => Date;
  seller: Seller;
  /** The issuing unit (ZATCA EGS unit) this process signs for. */
  unit: string;
  vatRatePercent: number;
  /** The unit's key and CSID; read when a document is stamped, never kept here. */
  credentials: () => Promise<SigningCredentials>;
};

type Common = {
  sourceKey: string;
  orderId: string | null;
  /** The document's currency (two decimals): the order's, or SAR; its VAT is stated in SAR too when it is another. */
  currency?: CurrencyCode;
  /** What the document covers of the order's money, in the order's minor units (default: its payable amount). */
  sourceAmount?: number;
  lines: DocumentLine[];
  paymentMeansCode: string;
};
/** A note (credit: money back; debit: more charged) corrects an invoice already issued, and says why. */
export type IssueRequest = (Common & { kind: "invoice" }) | (Common & { kind: "creditNote" | "debitNote"; invoiceId: string; reason: string });

export type TaxDocument = typeof schema.taxDocuments.$inferSelect;

export class IssueError extends Error {}

class AlreadyIssued extends Error {
  constructor(readonly document: TaxDocument) {
    super("already issued");
  }
}

const NUMBER_PREFIX = { invoice: "INV", creditNote: "CRN", debitNote: "DBN" } as const;

/** The seller's document number: kind, unit and counter, so it is unique across units. */
export function documentNumber(kind: IssueRequest["kind"], unit: string, counter: number): string {
  return `${NUMBER_PREFIX[kind]}-${unit}-${String(counter).padStart(6, "0")}`;
}

export async function issueDocument(deps: IssueDeps, request: IssueRequest): Promise<TaxDocument> {
  const credentials = await deps.credentials();
  try {
    return await deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await tx.insert(schema.taxDocumentChains).values({ unit: deps.unit, counter: 0, lastHash: GENESIS_PIH }).onConflictDoNothing();
      // The increment takes the row lock: a concurrent issuer waits here until this transaction ends.
      const [chain] = await tx
        .update(schema.taxDocumentChains)
        .set({ counter: sql`${schema.taxDocumentChains.counter} + 1` })
        .where(eq(schema.taxDocumentChains.unit, deps.unit))
        .returning();
      if (!chain) throw new IssueError(`no chain for unit ${deps.unit}`);
      // Read under the lock, so two requests for the same source cannot both pass.
      const [existing] = await tx.select().from(schema.taxDocuments).where(eq(schema.taxDocuments.sourceKey, request.sourceKey));
      if (existing) throw new AlreadyIssued(existing);

      let invoiceNumber = "";
      if (request.kind !== "invoice") {
        const [invoice] = await tx.select().from(schema.taxDocuments).where(eq(schema.taxDocuments.id, request.invoiceId));
        if (!invoice || invoice.kind !== "invoice") throw new IssueError(`${request.kind} for ${request.sourceKey}: no invoice ${request.invoiceId}`);
        invoiceNumber = invoice.number;
      }
      const issuedAt = deps.now();
      const number = documentNumber(request.kind, deps.unit, chain.counter);
      const currency = request.currency ?? "SAR";
      if (currencyExponent(currency) !== 2) throw new IssueError(`${request.sourceKey}: ${currency} amounts do not have the two decimals a ZATCA document states`);
      const payable = splitVatInclusive(
        request.lines.map((line) => line.totalWithVat),
        deps.vatRatePercent,
      );
      const uuid = randomUUID();
      const common = {
        number,
        uuid,
        issuedAt,
        counter: chain.counter,
        previousHash: chain.lastHash,
        seller: deps.seller,
        currency,
        // BT-111 at the store's rate table (the rate the order was priced with); SAR itself needs none.
        ...(currency === "SAR" ? {} : { vatInSar: convertAmount(payable.vat, currency, "SAR") }),
        vatRatePercent: deps.vatRatePercent,
        lines: request.lines,
        paymentMeansCode: request.paymentMeansCode,
      };
      const unsigned = buildDocumentXml(
        request.kind === "invoice" ? { ...common, kind: "invoice" } : { ...common, kind: request.kind, invoiceNumber, reason: request.reason },
      );
      const stamped = stampDocument(unsigned, credentials, issuedAt);
      const [document] = await tx
        .insert(schema.taxDocuments)
        .values({
          id: randomUUID(),
          unit: deps.unit,
          counter: chain.counter,
          kind: request.kind,
          number,
          uuid,
          sourceKey: request.sourceKey,
          orderId: request.orderId,
          invoiceId: request.kind === "invoice" ? null : request.invoiceId,
          invoiceHash: stamped.invoiceHash,
          previousHash: chain.lastHash,
          currency,
          payableAmount: payable.payable,
          sourceAmount: request.sourceAmount ?? payable.payable,
          xml: stamped.xml,
          issuedAt,
        })
        .returning();
      await tx.update(schema.taxDocumentChains).set({ lastHash: stamped.invoiceHash }).where(eq(schema.taxDocumentChains.unit, deps.unit));
      if (!document) throw new IssueError("the document was not stored");
      // Owed to ZATCA from the moment it exists: reporting finds it here after any restart.
      await tx.insert(schema.taxDocumentReports).values({ documentId: document.id, status: "PENDING", response: {} });
      return document;
    });
  } catch (error) {
    if (error instanceof AlreadyIssued) return error.document;
    throw error;
  }
}
