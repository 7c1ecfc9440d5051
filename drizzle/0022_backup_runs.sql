-- Backups (issue #31): every backup taken, by the schedule or the command, with where it went, what its
-- verification counted or why it failed; the console shows the last one and the schedule reads it.
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"location" text,
	"bytes" bigint,
	"counts" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");