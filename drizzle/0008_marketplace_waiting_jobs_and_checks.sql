CREATE TABLE "area_waitlist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"service" text NOT NULL,
	"postcode" text NOT NULL,
	"outward" text NOT NULL,
	"district" text NOT NULL,
	"area" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "area_waitlist_entry_unique" UNIQUE("email","service","outward")
);
--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD COLUMN "identity_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD COLUMN "insurance_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD COLUMN "qualifications_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_matches" ADD COLUMN "invited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "area_waitlist_waiting_idx" ON "area_waitlist" USING btree ("service","area") WHERE "area_waitlist"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_waiting_idx" ON "jobs" USING btree ("service","area") WHERE "jobs"."waiting_since" is not null;