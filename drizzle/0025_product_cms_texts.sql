ALTER TABLE "products" ADD COLUMN "cms_title" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cms_short_description" jsonb;