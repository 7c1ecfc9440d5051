-- Tax documents in the order's currency (issue #30): the document's currency, and what it covers of the
-- order's money in the order's own minor units (for documents issued so far, SAR: their payable amount).
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "currency" text DEFAULT 'SAR' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "source_amount" integer;--> statement-breakpoint
UPDATE "tax_documents" SET "source_amount" = "payable_amount";--> statement-breakpoint
ALTER TABLE "tax_documents" ALTER COLUMN "source_amount" SET NOT NULL;
