CREATE TABLE "booking_slot_proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" bigint NOT NULL,
	"proposed_by" text NOT NULL,
	"slot_date" date NOT NULL,
	"slot_window" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "booking_slot_proposals_by_check" CHECK ("booking_slot_proposals"."proposed_by" in ('customer', 'fixer')),
	CONSTRAINT "booking_slot_proposals_window_check" CHECK ("booking_slot_proposals"."slot_window" in ('morning', 'afternoon', 'evening')),
	CONSTRAINT "booking_slot_proposals_status_check" CHECK ("booking_slot_proposals"."status" in ('open', 'accepted', 'declined', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "booking_slot_proposals" ADD CONSTRAINT "booking_slot_proposals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_slot_proposals_one_open_idx" ON "booking_slot_proposals" USING btree ("booking_id") WHERE "booking_slot_proposals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "booking_slot_proposals_booking_idx" ON "booking_slot_proposals" USING btree ("booking_id","id");