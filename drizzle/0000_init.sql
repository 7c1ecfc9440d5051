CREATE TABLE "availability_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" text NOT NULL,
	"local_date" date NOT NULL,
	"local_time" text,
	"closed" boolean DEFAULT false NOT NULL,
	"capacity" integer
);
--> statement-breakpoint
CREATE TABLE "availability_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"weekdays" smallint DEFAULT 127 NOT NULL,
	"start_times" jsonb NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"capacity" integer
);
--> statement-breakpoint
CREATE TABLE "booking_unit_items" (
	"uuid" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"status" text NOT NULL,
	"retail" integer NOT NULL,
	"original" integer NOT NULL,
	"supplier_reference" text NOT NULL,
	"reseller_reference" text,
	"contact" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"product_id" text NOT NULL,
	"option_id" text NOT NULL,
	"availability_id" text NOT NULL,
	"local_date" date NOT NULL,
	"utc_start_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"pax" integer NOT NULL,
	"currency" text NOT NULL,
	"total_retail" integer NOT NULL,
	"total_original" integer NOT NULL,
	"contact" jsonb NOT NULL,
	"notes" text,
	"reseller_reference" text,
	"supplier_reference" text NOT NULL,
	"utc_expires_at" timestamp with time zone,
	"utc_confirmed_at" timestamp with time zone,
	"utc_cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"refund" text,
	"refund_amount" integer,
	"penalty_percent" double precision,
	"utc_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"utc_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"seed" text,
	"scale" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"icon" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"image" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"region" text NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "destinations" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"country_code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"image" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"option_id" text NOT NULL,
	"availability_id" text NOT NULL,
	"local_date" date NOT NULL,
	"capacity" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_option_id_availability_id_pk" PRIMARY KEY("option_id","availability_id")
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"internal_name" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"duration_minutes" integer NOT NULL,
	"cutoff_minutes" integer DEFAULT 0 NOT NULL,
	"min_units" integer DEFAULT 1 NOT NULL,
	"max_units" integer,
	"booking_price" integer,
	"booking_price_original" integer,
	"booking_max_pax" integer
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"supplier_id" text NOT NULL,
	"destination_id" text NOT NULL,
	"category_ids" jsonb NOT NULL,
	"theme_ids" jsonb NOT NULL,
	"labels" jsonb NOT NULL,
	"occasions" jsonb NOT NULL,
	"best_for" jsonb NOT NULL,
	"guide_languages" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"short_description" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"availability_type" text NOT NULL,
	"pricing_per" text NOT NULL,
	"currency" text NOT NULL,
	"price_from" integer,
	"price_from_original" integer,
	"no_fixed_price" boolean DEFAULT false NOT NULL,
	"instant_confirmation" boolean DEFAULT true NOT NULL,
	"duration_minutes" integer NOT NULL,
	"duration_minutes_to" integer,
	"duration_unit" text NOT NULL,
	"minimum_duration_minutes" integer,
	"min_age" smallint DEFAULT 0 NOT NULL,
	"max_age" smallint DEFAULT 99 NOT NULL,
	"times_of_day" jsonb NOT NULL,
	"start_time" text,
	"end_time" text,
	"opening_hours" jsonb,
	"pickup_included" boolean DEFAULT false NOT NULL,
	"dropoff_included" boolean DEFAULT false NOT NULL,
	"pickup_points" jsonb NOT NULL,
	"extras" jsonb NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"expires_on" date,
	"cancellation_policy" jsonb NOT NULL,
	"capacity_per_item" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" jsonb NOT NULL,
	"images" jsonb NOT NULL,
	"recommended_score" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"author_name" text NOT NULL,
	"author_country" text,
	"locale" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"visited_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"description" jsonb
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" text PRIMARY KEY NOT NULL,
	"option_id" text NOT NULL,
	"type" text NOT NULL,
	"internal_name" text NOT NULL,
	"title" jsonb NOT NULL,
	"min_age" smallint DEFAULT 0 NOT NULL,
	"max_age" smallint DEFAULT 99 NOT NULL,
	"min_quantity" integer,
	"max_quantity" integer,
	"pax_count" smallint DEFAULT 1 NOT NULL,
	"id_required" boolean DEFAULT false NOT NULL,
	"accompanied_by" jsonb NOT NULL,
	"price" integer,
	"price_original" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary" (
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vocabulary_kind_code_pk" PRIMARY KEY("kind","code")
);
--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD CONSTRAINT "availability_overrides_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_schedules" ADD CONSTRAINT "availability_schedules_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_unit_items" ADD CONSTRAINT "booking_unit_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_unit_items" ADD CONSTRAINT "booking_unit_items_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destinations" ADD CONSTRAINT "destinations_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_overrides_option_date_idx" ON "availability_overrides" USING btree ("option_id","local_date");--> statement-breakpoint
CREATE INDEX "availability_schedules_option_idx" ON "availability_schedules" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "booking_unit_items_booking_idx" ON "booking_unit_items" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_uuid_idx" ON "bookings" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "bookings_hold_expiry_idx" ON "bookings" USING btree ("utc_expires_at") WHERE "bookings"."status" = 'ON_HOLD';--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("option_id","availability_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "destinations_slug_idx" ON "destinations" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "inventory_option_date_idx" ON "inventory" USING btree ("option_id","local_date");--> statement-breakpoint
CREATE INDEX "product_options_product_idx" ON "product_options" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_idx" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_destination_idx" ON "products" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_slug_idx" ON "themes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "units_option_idx" ON "units" USING btree ("option_id");