CREATE TABLE "review_windows" (
	"job_id" bigint PRIMARY KEY NOT NULL,
	"fixer_user_id" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_job_id_unique";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "visible_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "subject_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_windows" ADD CONSTRAINT "review_windows_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_windows" ADD CONSTRAINT "review_windows_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_job_author_idx" ON "reviews" USING btree ("job_id","author");--> statement-breakpoint
CREATE INDEX "reviews_customer_idx" ON "reviews" USING btree ("customer_user_id","author");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_check" CHECK ("reviews"."author" in ('customer', 'fixer'));