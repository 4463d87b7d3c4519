CREATE TABLE "fixer_onboarding" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registration_id" bigint,
	"user_id" text,
	"email" text NOT NULL,
	"qualifications" text NOT NULL,
	"expertise" text NOT NULL,
	"insurance" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fixer_registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"user_agent" text,
	"ip" text,
	"paid_at" timestamp with time zone,
	"access_code_hash" text,
	"access_code_issued_at" timestamp with time zone,
	"user_id" text,
	"unlocked_at" timestamp with time zone,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixer_registrations_access_code_hash_unique" UNIQUE("access_code_hash")
);
--> statement-breakpoint
CREATE TABLE "onboarding_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"onboarding_id" bigint NOT NULL,
	"folder" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"onboarding_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"note" text,
	"staff_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"type" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" text,
	"email" text,
	"reference" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure_reason" text,
	"fulfilment" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"code_hint" text NOT NULL,
	"payment_id" text,
	"email" text,
	"user_id" text,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "vip_memberships" (
	"user_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"vip_code_id" bigint,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"author" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD CONSTRAINT "fixer_onboarding_registration_id_fixer_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."fixer_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD CONSTRAINT "fixer_onboarding_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD CONSTRAINT "fixer_onboarding_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_registrations" ADD CONSTRAINT "fixer_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_documents" ADD CONSTRAINT "onboarding_documents_onboarding_id_fixer_onboarding_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."fixer_onboarding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_reviews" ADD CONSTRAINT "onboarding_reviews_onboarding_id_fixer_onboarding_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."fixer_onboarding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_reviews" ADD CONSTRAINT "onboarding_reviews_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_codes" ADD CONSTRAINT "vip_codes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_codes" ADD CONSTRAINT "vip_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_vip_code_id_vip_codes_id_fk" FOREIGN KEY ("vip_code_id") REFERENCES "public"."vip_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixer_onboarding_status_idx" ON "fixer_onboarding" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fixer_onboarding_user_idx" ON "fixer_onboarding" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fixer_onboarding_registration_idx" ON "fixer_onboarding" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "fixer_registrations_email_idx" ON "fixer_registrations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "fixer_registrations_user_idx" ON "fixer_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "onboarding_documents_onboarding_idx" ON "onboarding_documents" USING btree ("onboarding_id");--> statement-breakpoint
CREATE INDEX "onboarding_reviews_onboarding_idx" ON "onboarding_reviews" USING btree ("onboarding_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_session_idx" ON "payments" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_product_idx" ON "payments" USING btree ("product","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_audit_actor_idx" ON "staff_audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_created_idx" ON "staff_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vip_codes_user_idx" ON "vip_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vip_posts_published_idx" ON "vip_posts" USING btree ("published_at");