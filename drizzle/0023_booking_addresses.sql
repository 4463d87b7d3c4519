CREATE TABLE "booking_addresses" (
	"booking_id" bigint PRIMARY KEY NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"access_notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_addresses_length_check" CHECK (length("booking_addresses"."line1") between 1 and 100 and length(coalesce("booking_addresses"."line2", '')) <= 100 and length("booking_addresses"."town") between 1 and 60 and length("booking_addresses"."postcode") <= 8 and length(coalesce("booking_addresses"."access_notes", '')) <= 500)
);
--> statement-breakpoint
ALTER TABLE "booking_addresses" ADD CONSTRAINT "booking_addresses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;