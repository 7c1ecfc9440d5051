-- Booking questions (issue #33): what checkout asks a guest of each product, and the answers each
-- order item keeps with the questions as they were asked.
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "booking_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "booking_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;