CREATE TABLE "booking_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" bigint NOT NULL,
	"transition" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" text,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_transitions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "booking_transitions_actor_check" CHECK ("booking_transitions"."actor_role" in ('customer', 'fixer', 'staff', 'system', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quote_id" bigint,
	"job_id" bigint,
	"customer_user_id" text NOT NULL,
	"fixer_user_id" text NOT NULL,
	"slot_date" date NOT NULL,
	"slot_window" text NOT NULL,
	"slot_proposed_by" text NOT NULL,
	"price_pence" integer NOT NULL,
	"customer_fee_pence" integer NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"credit_pence" integer DEFAULT 0 NOT NULL,
	"total_pence" integer NOT NULL,
	"fixer_charge_pence" integer NOT NULL,
	"fixer_net_pence" integer NOT NULL,
	"late_fee_pence" integer NOT NULL,
	"state" text DEFAULT 'pending_payment' NOT NULL,
	"payment_id" text,
	"done_note" text,
	"release_frozen_at" timestamp with time zone,
	"done_marked_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_state_check" CHECK ("bookings"."state" in ('pending_payment', 'awaiting_fixer_confirmation', 'booked', 'done_marked', 'disputed', 'staff_review', 'released', 'partly_released', 'refunded', 'cancelled_by_customer', 'cancelled_late', 'cancelled_by_fixer', 'slot_declined', 'no_show', 'lapsed', 'expired')),
	CONSTRAINT "bookings_window_check" CHECK ("bookings"."slot_window" in ('morning', 'afternoon', 'evening')),
	CONSTRAINT "bookings_proposed_by_check" CHECK ("bookings"."slot_proposed_by" in ('fixer', 'customer')),
	CONSTRAINT "bookings_amounts_check" CHECK ("bookings"."price_pence" > 0 and "bookings"."customer_fee_pence" >= 0 and "bookings"."discount_pence" >= 0 and "bookings"."credit_pence" >= 0 and "bookings"."fixer_charge_pence" >= 0 and "bookings"."late_fee_pence" >= 0
        and "bookings"."total_pence" = "bookings"."price_pence" + "bookings"."customer_fee_pence" - "bookings"."discount_pence" - "bookings"."credit_pence" and "bookings"."total_pence" > 0
        and "bookings"."fixer_net_pence" = "bookings"."price_pence" - "bookings"."fixer_charge_pence")
);
--> statement-breakpoint
CREATE TABLE "early_bird_customers" (
	"customer_user_id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_bird_customers_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "fixer_strikes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fixer_user_id" text NOT NULL,
	"booking_id" bigint,
	"reason" text NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixer_strikes_booking_unique" UNIQUE("booking_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"owner_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_pence" bigint NOT NULL,
	CONSTRAINT "ledger_entries_nonzero_check" CHECK ("ledger_entries"."amount_pence" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"booking_id" bigint,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_events_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"fixer_user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "payout_accounts_provider_account_id_unique" UNIQUE("provider_account_id"),
	CONSTRAINT "payout_accounts_status_check" CHECK ("payout_accounts"."status" in ('pending', 'active'))
);
--> statement-breakpoint
CREATE TABLE "provider_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"booking_id" bigint,
	"status" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"order_key" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"fixer_user_id" text,
	"payment_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_object_id" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "provider_operations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "provider_operations_kind_check" CHECK ("provider_operations"."kind" in ('transfer', 'refund')),
	CONSTRAINT "provider_operations_status_check" CHECK ("provider_operations"."status" in ('pending', 'waiting_for_account', 'succeeded', 'failed')),
	CONSTRAINT "provider_operations_amount_check" CHECK ("provider_operations"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_booking_terms" (
	"quote_id" bigint PRIMARY KEY NOT NULL,
	"slots" jsonb NOT NULL,
	"fixed_price_pence" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_booking_terms_slots_check" CHECK (jsonb_typeof("quote_booking_terms"."slots") = 'array' and jsonb_array_length("quote_booking_terms"."slots") between 1 and 3),
	CONSTRAINT "quote_booking_terms_price_check" CHECK ("quote_booking_terms"."fixed_price_pence" is null or "quote_booking_terms"."fixed_price_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_user_id" text PRIMARY KEY NOT NULL,
	"referrer_user_id" text NOT NULL,
	"rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"destination" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_objects_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "booking_transitions" ADD CONSTRAINT "booking_transitions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_bird_customers" ADD CONSTRAINT "early_bird_customers_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_strikes" ADD CONSTRAINT "fixer_strikes_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_strikes" ADD CONSTRAINT "fixer_strikes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_id_ledger_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."ledger_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_events" ADD CONSTRAINT "ledger_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_objects" ADD CONSTRAINT "provider_objects_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_operations" ADD CONSTRAINT "provider_operations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_booking_terms" ADD CONSTRAINT "quote_booking_terms_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_transitions_booking_idx" ON "booking_transitions" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_live_per_quote_idx" ON "bookings" USING btree ("quote_id") WHERE "bookings"."state" in ('pending_payment', 'awaiting_fixer_confirmation', 'booked', 'done_marked', 'disputed', 'staff_review', 'released', 'partly_released');--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_idx" ON "bookings" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_fixer_idx" ON "bookings" USING btree ("fixer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_state_idx" ON "bookings" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "fixer_strikes_fixer_idx" ON "fixer_strikes" USING btree ("fixer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("owner_user_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_event_idx" ON "ledger_entries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_events_booking_idx" ON "ledger_events" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "provider_objects_booking_idx" ON "provider_objects" USING btree ("booking_id","kind");--> statement-breakpoint
CREATE INDEX "provider_operations_booking_idx" ON "provider_operations" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "provider_operations_status_idx" ON "provider_operations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "provider_operations_fixer_idx" ON "provider_operations" USING btree ("fixer_user_id","status");