CREATE TABLE "booking_extras" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"hours" smallint,
	"hourly_rate_pence" integer,
	"description" text,
	"price_pence" integer NOT NULL,
	"customer_fee_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"fixer_charge_pence" integer NOT NULL,
	"fixer_net_pence" integer NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"decline_reason" text,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_extras_state_check" CHECK ("booking_extras"."state" in ('offered', 'declined', 'pending_payment', 'paid', 'released', 'refunded', 'expired', 'withdrawn')),
	CONSTRAINT "booking_extras_kind_check" CHECK (("booking_extras"."kind" = 'hours' and "booking_extras"."hours" between 1 and 24 and "booking_extras"."hourly_rate_pence" > 0 and "booking_extras"."price_pence" = "booking_extras"."hours" * "booking_extras"."hourly_rate_pence")
        or ("booking_extras"."kind" = 'amount' and "booking_extras"."hours" is null and "booking_extras"."hourly_rate_pence" is null and "booking_extras"."description" is not null and length("booking_extras"."description") between 1 and 2000)),
	CONSTRAINT "booking_extras_amounts_check" CHECK ("booking_extras"."price_pence" > 0 and "booking_extras"."customer_fee_pence" >= 0 and "booking_extras"."fixer_charge_pence" >= 0
        and "booking_extras"."total_pence" = "booking_extras"."price_pence" + "booking_extras"."customer_fee_pence" and "booking_extras"."fixer_net_pence" = "booking_extras"."price_pence" - "booking_extras"."fixer_charge_pence")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hourly_rate_pence" integer;--> statement-breakpoint
ALTER TABLE "booking_extras" ADD CONSTRAINT "booking_extras_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_extras" ADD CONSTRAINT "booking_extras_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_extras_booking_idx" ON "booking_extras" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_extras_payment_idx" ON "booking_extras" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_extra_checkout_idx" ON "payments" USING btree (("reference" ->> 'extraId')) WHERE "payments"."product" = 'booking_extra' and "payments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_hourly_rate_check" CHECK ("bookings"."hourly_rate_pence" is null or "bookings"."hourly_rate_pence" > 0);