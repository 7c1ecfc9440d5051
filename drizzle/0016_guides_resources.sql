-- Guides and resources (issue #33): guides, drivers, vehicles, boats and rooms, and their assignments to
-- departures (an option's slot, running [utc_start, utc_end)).
--> statement-breakpoint
--> statement-breakpoint
CREATE TABLE "departure_assignments" (
	"resource_id" text NOT NULL,
	"option_id" text NOT NULL,
	"availability_id" text NOT NULL,
	"utc_start" timestamp with time zone NOT NULL,
	"utc_end" timestamp with time zone NOT NULL,
	"assigned_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departure_assignments_resource_id_option_id_availability_id_pk" PRIMARY KEY("resource_id","option_id","availability_id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"capacity" integer,
	"staff_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departure_assignments" ADD CONSTRAINT "departure_assignments_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_assignments" ADD CONSTRAINT "departure_assignments_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_staff_user_id_staff_members_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_members"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departure_assignments_departure_idx" ON "departure_assignments" USING btree ("option_id","availability_id");--> statement-breakpoint
CREATE INDEX "departure_assignments_resource_start_idx" ON "departure_assignments" USING btree ("resource_id","utc_start");