ALTER TABLE "products" ADD COLUMN "pay_later_deadline_hours" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_offer_requests" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "custom_offer_requests" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_offer_requests" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_offer_requests" ADD COLUMN "quoted_by" text;--> statement-breakpoint
ALTER TABLE "custom_offer_requests" ADD COLUMN "accepted_option" integer;--> statement-breakpoint
ALTER TABLE "custom_offer_requests" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "custom_offer_requests" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "custom_offer_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("status","payment_due_at");