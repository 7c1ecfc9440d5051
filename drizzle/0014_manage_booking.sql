-- Manage my booking (issue #33): a guest's move of a booking to another slot, with the price difference paid or
-- refunded; a guest (no account) may cancel from the same link, so a cancellation's user is optional.
CREATE TABLE "booking_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"order_item_id" text NOT NULL,
	"from_availability_id" text NOT NULL,
	"to_availability_id" text NOT NULL,
	"currency" text NOT NULL,
	"difference" integer NOT NULL,
	"status" text NOT NULL,
	"gateway" text,
	"gateway_session_id" text,
	"redirect_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_cancellations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_item_idx" ON "booking_changes" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_changes_session_idx" ON "booking_changes" USING btree ("gateway","gateway_session_id");