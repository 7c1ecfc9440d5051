-- Booking reminders and review requests (issue #33): one claim row per (booking, kind, channel), and the
-- addresses that opted out of optional messages.
CREATE TABLE "booking_notices" (
	"order_item_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_notices_order_item_id_kind_channel_pk" PRIMARY KEY("order_item_id","kind","channel")
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_notices" ADD CONSTRAINT "booking_notices_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_notices_due_idx" ON "booking_notices" USING btree ("due_at") WHERE "booking_notices"."due_at" IS NOT NULL;