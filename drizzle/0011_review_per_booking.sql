-- Reviews: one per booking (order item) instead of one per account and experience (issue #27, item 4).
-- Reviews written before keep a null order_item_id (the unique index lets nulls be).
DROP INDEX "review_authors_user_product_idx";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "review_authors" ADD COLUMN "order_item_id" text;--> statement-breakpoint
CREATE INDEX "order_refunds_role_day_idx" ON "order_refunds" USING btree ("actor_role","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_authors_order_item_idx" ON "review_authors" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "review_authors_user_product_idx" ON "review_authors" USING btree ("user_id","product_id");--> statement-breakpoint
-- Refunds (issue #27, item 3): the role a refund was made as counts against that role's limits per order
-- and per day. Earlier refunds take their author's current role; one whose author is no staff member stays null.
UPDATE "order_refunds" SET "actor_role" = "staff_members"."role" FROM "users" JOIN "staff_members" ON "staff_members"."user_id" = "users"."id" WHERE "users"."email" = "order_refunds"."actor";
