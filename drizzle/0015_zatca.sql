-- ZATCA Phase 2 (issue #30): each issuing unit's chain (last counter and hash, locked while a document is
-- issued) and the tax documents, written once.
--> statement-breakpoint
--> statement-breakpoint
CREATE TABLE "tax_document_chains" (
	"unit" text PRIMARY KEY NOT NULL,
	"counter" integer NOT NULL,
	"last_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"unit" text NOT NULL,
	"counter" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"uuid" text NOT NULL,
	"source_key" text NOT NULL,
	"order_id" text,
	"invoice_id" text,
	"invoice_hash" text NOT NULL,
	"previous_hash" text NOT NULL,
	"payable_amount" integer NOT NULL,
	"xml" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_unit_tax_document_chains_unit_fk" FOREIGN KEY ("unit") REFERENCES "public"."tax_document_chains"("unit") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_unit_counter_idx" ON "tax_documents" USING btree ("unit","counter");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_source_key_idx" ON "tax_documents" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_idx" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."order_id" IS NOT NULL;