ALTER TABLE "products" ADD COLUMN "cms_title" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cms_short_description" jsonb;--> statement-breakpoint
CREATE INDEX "products_cms_texts_idx" ON "products" USING btree ("id") WHERE "products"."cms_title" IS NOT NULL OR "products"."cms_short_description" IS NOT NULL;