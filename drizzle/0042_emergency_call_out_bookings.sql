ALTER TABLE "bookings" DROP CONSTRAINT "bookings_window_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "emergency_request_id" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrival_minutes" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrive_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_emergency_request_id_emergency_requests_id_fk" FOREIGN KEY ("emergency_request_id") REFERENCES "public"."emergency_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_live_per_emergency_idx" ON "bookings" USING btree ("emergency_request_id") WHERE "bookings"."state" in ('pending_payment', 'awaiting_fixer_confirmation', 'booked', 'done_marked', 'disputed', 'staff_review', 'released', 'partly_released', 'claim_open', 'claim_contested');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_call_out_check" CHECK (("bookings"."slot_window" = 'now') = ("bookings"."arrive_by" is not null) and ("bookings"."arrive_by" is null) = ("bookings"."arrival_minutes" is null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_arrival_minutes_check" CHECK ("bookings"."arrival_minutes" is null or "bookings"."arrival_minutes" between 15 and 90);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_window_check" CHECK ("bookings"."slot_window" in ('morning', 'afternoon', 'evening', 'now'));