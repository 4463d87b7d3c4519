ALTER TABLE "bookings" DROP CONSTRAINT "bookings_state_check";--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "payout_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "payout_failure" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_fee_pence" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_fee_transaction_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_state_check" CHECK ("bookings"."state" in ('pending_payment', 'awaiting_fixer_confirmation', 'booked', 'done_marked', 'disputed', 'staff_review', 'released', 'partly_released', 'refunded', 'cancelled_by_customer', 'cancelled_late', 'cancelled_by_fixer', 'slot_declined', 'no_show', 'lapsed', 'claim_open', 'claim_contested', 'expired', 'chargeback_lost'));