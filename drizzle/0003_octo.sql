CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"reseller_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reseller_bookings" (
	"booking_uuid" text PRIMARY KEY NOT NULL,
	"reseller_id" text NOT NULL,
	"pickup_requested" boolean DEFAULT false NOT NULL,
	"pickup_point_id" text,
	"pickup_hotel" text,
	"pickup_hotel_room" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_bookings" ADD CONSTRAINT "reseller_bookings_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_reseller_idx" ON "api_keys" USING btree ("reseller_id");--> statement-breakpoint
CREATE INDEX "reseller_bookings_reseller_idx" ON "reseller_bookings" USING btree ("reseller_id");