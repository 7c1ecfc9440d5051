-- PDPL requests the team handles (issue #31): export or anonymise everything held for an email.
-- Filed and completed from the console's data-request queue (/admin/data-requests); each action is audited.
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"filed_by" text,
	"filed_by_email" text NOT NULL,
	"completed_by" text,
	"completed_by_email" text,
	"completed_at" timestamp with time zone,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_requests_created_idx" ON "data_requests" USING btree ("created_at");