CREATE TABLE "booking_case_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" bigint NOT NULL,
	"side" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_case_photos_side_check" CHECK ("booking_case_photos"."side" in ('customer', 'fixer'))
);
--> statement-breakpoint
CREATE TABLE "booking_cases" (
	"booking_id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"claim" text,
	"opened_at" timestamp with time zone NOT NULL,
	"answer_due_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"outcome" text,
	"closed_at" timestamp with time zone,
	CONSTRAINT "booking_cases_kind_check" CHECK ("booking_cases"."kind" in ('no_show', 'late_cancel'))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_state_check";--> statement-breakpoint
DROP INDEX "bookings_one_live_per_quote_idx";--> statement-breakpoint
ALTER TABLE "fixer_strikes" ADD COLUMN "status" text DEFAULT 'not_contested' NOT NULL;--> statement-breakpoint
ALTER TABLE "fixer_strikes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_case_photos" ADD CONSTRAINT "booking_case_photos_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_cases" ADD CONSTRAINT "booking_cases_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_case_photos_booking_idx" ON "booking_case_photos" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_live_per_quote_idx" ON "bookings" USING btree ("quote_id") WHERE "bookings"."state" in ('pending_payment', 'awaiting_fixer_confirmation', 'booked', 'done_marked', 'disputed', 'staff_review', 'released', 'partly_released', 'claim_open', 'claim_contested');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_state_check" CHECK ("bookings"."state" in ('pending_payment', 'awaiting_fixer_confirmation', 'booked', 'done_marked', 'disputed', 'staff_review', 'released', 'partly_released', 'refunded', 'cancelled_by_customer', 'cancelled_late', 'cancelled_by_fixer', 'slot_declined', 'no_show', 'lapsed', 'claim_open', 'claim_contested', 'expired'));--> statement-breakpoint
ALTER TABLE "fixer_strikes" ADD CONSTRAINT "fixer_strikes_status_check" CHECK ("fixer_strikes"."status" in ('pending', 'contested', 'upheld', 'not_contested', 'overturned'));--> statement-breakpoint
-- Strikes staff lifted before cases existed are overturned (hand-written).
UPDATE "fixer_strikes" SET "status" = 'overturned' WHERE "lifted_at" IS NOT NULL;