CREATE TABLE "price_seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"option_id" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"unit_prices" jsonb NOT NULL,
	"booking_price" integer,
	"booking_price_original" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pay_later_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "price_seasons" ADD CONSTRAINT "price_seasons_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_seasons_option_idx" ON "price_seasons" USING btree ("option_id","valid_from");