-- Decision 076. Operations made before it keep their old key as the provider's key, so a pending one
-- retried after the upgrade sends Stripe the same Idempotency-Key it may already have used: no second transfer.
ALTER TABLE "provider_operations" ADD COLUMN "provider_idempotency_key" text;--> statement-breakpoint
UPDATE "provider_operations" SET "provider_idempotency_key" = "idempotency_key" WHERE "provider_idempotency_key" IS NULL;--> statement-breakpoint
ALTER TABLE "provider_operations" ALTER COLUMN "provider_idempotency_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_operations" ALTER COLUMN "provider_idempotency_key" SET DEFAULT gen_random_uuid()::text;--> statement-breakpoint
ALTER TABLE "provider_operations" ADD COLUMN "funds_pending_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_charge_id" text;--> statement-breakpoint
CREATE INDEX "provider_operations_funds_pending_idx" ON "provider_operations" USING btree ("fixer_user_id","booking_id","amount_pence","funds_pending_until") WHERE "provider_operations"."funds_pending_until" is not null;--> statement-breakpoint
ALTER TABLE "provider_operations" ADD CONSTRAINT "provider_operations_provider_idempotency_key_unique" UNIQUE("provider_idempotency_key");
