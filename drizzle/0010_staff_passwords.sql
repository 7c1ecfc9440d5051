ALTER TABLE "staff_members" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "invite_token_hash" text;--> statement-breakpoint
-- The console password moves apart from the storefront's. A member keeps the password they set from a
-- staff link (the audit log records each such setting); anyone else (a customer account invited but
-- never set up as staff) must use a new link before the console opens.
UPDATE "staff_members" SET "password_hash" = "users"."password_hash" FROM "users" WHERE "users"."id" = "staff_members"."user_id" AND "users"."password_hash" LIKE '$argon2%' AND EXISTS (SELECT 1 FROM "audit_log" WHERE "audit_log"."action" = 'staff.passwordSet' AND "audit_log"."subject_id" = "staff_members"."user_id");--> statement-breakpoint
-- Sessions opened with a storefront password end with this release.
DELETE FROM "staff_sessions" WHERE "user_id" IN (SELECT "user_id" FROM "staff_members" WHERE "password_hash" IS NULL);
