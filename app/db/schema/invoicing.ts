/**
 * Tax documents (ZATCA Phase 2): each issuing unit's chain, and the documents issued on it. A document
 * is written once and never updated; its XML is the legal document.
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { counter, createdAt, jsonRecord, textId, timestamps, timestamptz, updatedAt } from "./columns";
import { orders } from "./commerce";

/**
 * One row per issuing unit (a ZATCA EGS unit): the last counter value (ICV) issued and that document's
 * hash (the next one's PIH). Issuing takes this row's lock, so counters are gap-free and unique across
 * instances: a transaction that fails rolls its increment back with it.
 */
export const taxDocumentChains = pgTable("tax_document_chains", {
  unit: text("unit").primaryKey(),
  counter: integer("counter").notNull(),
  lastHash: text("last_hash").notNull(),
  createdAt: createdAt(),
});

/**
 * A document's link in its unit's chain: its own hash (base64 SHA-256 of its canonical form, the next
 * document's PIH) and the previous document's hash (its PIH, as stamped into it).
 */
function chainLink() {
  return { invoiceHash: text("invoice_hash").notNull(), previousHash: text("previous_hash").notNull() };
}

export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: textId(),
    unit: text("unit")
      .notNull()
      .references(() => taxDocumentChains.unit),
    counter: integer("counter").notNull(),
    /** "invoice", "creditNote" or "debitNote". */
    kind: text("kind").notNull(),
    /** The seller's document number (cbc:ID). */
    number: text("number").notNull(),
    uuid: text("uuid").notNull(),
    /** What the document is for, once: "order:<id>" for an invoice, "refund:<id>" for a credit note. */
    sourceKey: text("source_key").notNull(),
    orderId: text("order_id").references(() => orders.id),
    /** The credit note's invoice. */
    invoiceId: text("invoice_id"),
    ...chainLink(),
    /** The document's currency (DocumentCurrencyCode): the order's, or SAR for an order in a currency of three decimals. */
    currency: text("currency").notNull().default("SAR"),
    /** The document's payable amount, in hundredths of its currency (halalas, cents…). */
    payableAmount: integer("payable_amount").notNull(),
    /** What it covers of the order's money, in the order's currency and minor units (the pass compares payments with it). */
    sourceAmount: integer("source_amount").notNull(),
    /** The stamped UBL 2.1 XML, exactly as issued and reported. */
    xml: text("xml").notNull(),
    issuedAt: timestamptz("issued_at").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("tax_documents_unit_counter_idx").on(table.unit, table.counter),
    uniqueIndex("tax_documents_source_key_idx").on(table.sourceKey),
    uniqueIndex("tax_documents_number_idx").on(table.number),
    index("tax_documents_order_idx").on(table.orderId).where(sql`${table.orderId} IS NOT NULL`),
  ],
);

/**
 * An issuing unit's onboarding with ZATCA (app/invoicing/onboarding.server.ts): its private key, CSR and
 * the CSIDs ZATCA issued, sealed together with ZATCA_KEY (AES-256-GCM) so neither a database dump nor a
 * log holds the key in the clear. Documents are issued for payments made from `activeFrom` on.
 */
export const zatcaUnits = pgTable("zatca_units", {
  unit: text("unit").primaryKey(),
  /** The Fatoora base it was onboarded with: "simulation", "production" or "developer-portal". */
  environment: text("environment", { enum: ["developer-portal", "simulation", "production"] }).notNull(),
  /** The sealed credentials (see app/invoicing/unit-credentials.server.ts). */
  sealed: text("sealed").notNull(),
  /** The production CSID's notAfter: the console warns ahead of it. */
  certificateExpiresAt: timestamptz("certificate_expires_at").notNull(),
  activeFrom: timestamptz("active_from").notNull(),
  ...timestamps(),
});

/**
 * Reporting a document to ZATCA (within 24 hours of issue for simplified documents), apart from the
 * document itself, which never changes. Made in the issuing transaction, so a crash between issuing
 * and reporting loses nothing. `status`: PENDING (not yet accepted; retried at `nextAttemptAt`),
 * REPORTED (accepted, perhaps with warnings), REJECTED (ZATCA refused it: the console's queue).
 */
export const taxDocumentReports = pgTable(
  "tax_document_reports",
  {
    documentId: text("document_id")
      .primaryKey()
      .references(() => taxDocuments.id),
    status: text("status").notNull(),
    attempts: counter("attempts"),
    nextAttemptAt: timestamptz("next_attempt_at"),
    /** ZATCA's last answer: HTTP status, its reportingStatus and validationResults (warnings, errors). */
    response: jsonRecord("response"),
    reportedAt: timestamptz("reported_at"),
    updatedAt: updatedAt(),
  },
  (table) => [index("tax_document_reports_due_idx").on(table.status, table.nextAttemptAt)],
);
