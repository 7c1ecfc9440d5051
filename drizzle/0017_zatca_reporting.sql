-- ZATCA onboarding and reporting (issue #30): each issuing unit's sealed key and CSIDs, and each tax
-- document's reporting state, kept apart from the document, which never changes.
--> statement-breakpoint
CREATE TABLE "tax_document_reports" (
	"document_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"response" jsonb NOT NULL,
	"reported_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zatca_units" (
	"unit" text PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"sealed" text NOT NULL,
	"certificate_expires_at" timestamp with time zone NOT NULL,
	"active_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_document_reports" ADD CONSTRAINT "tax_document_reports_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_document_reports_due_idx" ON "tax_document_reports" USING btree ("status","next_attempt_at");