CREATE TABLE "fixer_areas" (
	"fixer_user_id" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "fixer_areas_fixer_user_id_code_pk" PRIMARY KEY("fixer_user_id","code")
);
--> statement-breakpoint
CREATE TABLE "fixer_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"onboarding_id" bigint,
	"slug" text NOT NULL,
	"display_name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"leads_disabled_at" timestamp with time zone,
	"leads_disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixer_profiles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "fixer_services" (
	"fixer_user_id" text NOT NULL,
	"service" text NOT NULL,
	CONSTRAINT "fixer_services_fixer_user_id_service_pk" PRIMARY KEY("fixer_user_id","service")
);
--> statement-breakpoint
CREATE TABLE "job_matches" (
	"job_id" bigint NOT NULL,
	"fixer_user_id" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_matches_job_id_fixer_user_id_pk" PRIMARY KEY("job_id","fixer_user_id")
);
--> statement-breakpoint
CREATE TABLE "job_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"fixer_user_id" text NOT NULL,
	"sender_user_id" text,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_user_id" text NOT NULL,
	"service" text NOT NULL,
	"postcode" text NOT NULL,
	"outward" text NOT NULL,
	"district" text NOT NULL,
	"area" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"timing" text NOT NULL,
	"preferred_date" date,
	"budget" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('open', 'in_progress', 'done', 'closed')),
	CONSTRAINT "jobs_timing_check" CHECK ("jobs"."timing" in ('asap', 'week', 'flexible', 'date')),
	CONSTRAINT "jobs_date_check" CHECK (("jobs"."timing" = 'date') = ("jobs"."preferred_date" is not null))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"fixer_user_id" text NOT NULL,
	"price_kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"amount_to_pence" integer,
	"includes" text NOT NULL,
	"earliest_start" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_job_fixer_unique" UNIQUE("job_id","fixer_user_id"),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('sent', 'accepted', 'declined', 'not_selected', 'withdrawn')),
	CONSTRAINT "quotes_price_check" CHECK (("quotes"."price_kind" = 'fixed' and "quotes"."amount_to_pence" is null and "quotes"."amount_pence" > 0) or ("quotes"."price_kind" = 'range' and "quotes"."amount_pence" > 0 and "quotes"."amount_to_pence" > "quotes"."amount_pence"))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"fixer_user_id" text NOT NULL,
	"customer_user_id" text,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_job_id_unique" UNIQUE("job_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "fixer_areas" ADD CONSTRAINT "fixer_areas_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_profiles" ADD CONSTRAINT "fixer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_profiles" ADD CONSTRAINT "fixer_profiles_onboarding_id_fixer_onboarding_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."fixer_onboarding"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_services" ADD CONSTRAINT "fixer_services_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_matches" ADD CONSTRAINT "job_matches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_matches" ADD CONSTRAINT "job_matches_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixer_areas_code_idx" ON "fixer_areas" USING btree ("code","fixer_user_id");--> statement-breakpoint
CREATE INDEX "fixer_services_service_idx" ON "fixer_services" USING btree ("service","fixer_user_id");--> statement-breakpoint
CREATE INDEX "job_matches_fixer_idx" ON "job_matches" USING btree ("fixer_user_id","job_id");--> statement-breakpoint
CREATE INDEX "job_messages_thread_idx" ON "job_messages" USING btree ("job_id","fixer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "job_photos_job_idx" ON "job_photos" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "jobs_open_service_idx" ON "jobs" USING btree ("status","service","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_customer_idx" ON "jobs" USING btree ("customer_user_id","status");--> statement-breakpoint
CREATE INDEX "quotes_job_idx" ON "quotes" USING btree ("job_id","status");--> statement-breakpoint
CREATE INDEX "quotes_fixer_idx" ON "quotes" USING btree ("fixer_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_accepted_idx" ON "quotes" USING btree ("job_id") WHERE "quotes"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "reviews_fixer_idx" ON "reviews" USING btree ("fixer_user_id","created_at" DESC NULLS LAST);