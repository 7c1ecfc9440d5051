-- Booking questions over OCTO (issue #33): a reseller booking's answers, kept with the questions as
-- they were asked, like an order item's.
--> statement-breakpoint
ALTER TABLE "reseller_bookings" ADD COLUMN "booking_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;