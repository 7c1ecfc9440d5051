/**
 * An order's issued tax documents as its PDF shows them: the invoice's number, issue time and Phase 2
 * QR (tags 1–9, as stamped into its XML), and its credit and debit notes. Null before the invoice is issued.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { taxDocuments } from "#app/db/schema";

export type IssuedTaxDocuments = {
  number: string;
  issuedAt: Date;
  qr: string;
  /** Each note with what it gives back or charges, in the order's currency (as the invoice PDF states the order). */
  creditNotes: Array<{ number: string; issuedAt: Date; payableAmount: number }>;
  debitNotes: Array<{ number: string; issuedAt: Date; payableAmount: number }>;
};

/** The QR's base64 TLV, from the document's AdditionalDocumentReference "QR". */
export function qrOfDocument(xml: string): string | null {
  return /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">([^<]+)</.exec(xml)?.[1] ?? null;
}

export async function issuedTaxDocuments(db: Database, orderId: string): Promise<IssuedTaxDocuments | null> {
  const documents = await db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(asc(taxDocuments.counter));
  const invoice = documents.find((document) => document.kind === "invoice");
  const qr = invoice ? qrOfDocument(invoice.xml) : null;
  if (!invoice || !qr) return null;
  const notesOf = (kind: "creditNote" | "debitNote") =>
    documents.filter((document) => document.kind === kind && document.invoiceId === invoice.id).map((note) => ({ number: note.number, issuedAt: note.issuedAt, payableAmount: note.sourceAmount }));
  return {
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    qr,
    creditNotes: notesOf("creditNote"),
    debitNotes: notesOf("debitNote"),
  };
}
