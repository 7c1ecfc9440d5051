-- A move's price difference in the order's payments (issue #33): a CHANGE payment beside the order's
-- own, so what was captured adds up to the order's total (manifest, check-in, dashboard, invoices).
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'ORDER' NOT NULL;--> statement-breakpoint
-- Moves already paid and made before this release enter the ledger the same way.
INSERT INTO "payments" ("id", "order_id", "gateway", "session_id", "redirect_url", "capture_method", "status", "currency", "amount", "captured_amount", "refunded_amount", "capture_state", "purpose", "created_at", "updated_at")
SELECT 'change-' || "id", "order_id", "gateway", "gateway_session_id", coalesce("redirect_url", ''), 'automatic', 'CAPTURED', "currency", "difference", "difference", 0, 'NONE', 'CHANGE', "updated_at", "updated_at"
FROM "booking_changes" WHERE "status" = 'APPLIED' AND "difference" > 0 AND "gateway" IS NOT NULL AND "gateway_session_id" IS NOT NULL
ON CONFLICT DO NOTHING;
