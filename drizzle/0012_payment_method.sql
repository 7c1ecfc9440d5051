-- How the customer paid (issue #29): the method a gateway reports (mada, visa, mastercard, applepay, stcpay),
-- on our payment and on the sandbox gateway's own session. Earlier payments keep null (shown as "card").
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "method" text;