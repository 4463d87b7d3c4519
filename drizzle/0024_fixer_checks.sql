CREATE TABLE "fixer_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fixer_user_id" text NOT NULL,
	"kind" text NOT NULL,
	"evidence" text NOT NULL,
	"document_id" bigint,
	"onboarding_id" bigint,
	"checked_by" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD COLUMN "right_to_work_share_code" text;--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD COLUMN "gas_safe_number" text;--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD COLUMN "electrical_number" text;--> statement-breakpoint
ALTER TABLE "fixer_onboarding" ADD COLUMN "dbs_number" text;--> statement-breakpoint
ALTER TABLE "fixer_checks" ADD CONSTRAINT "fixer_checks_fixer_user_id_users_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_checks" ADD CONSTRAINT "fixer_checks_document_id_onboarding_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."onboarding_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_checks" ADD CONSTRAINT "fixer_checks_onboarding_id_fixer_onboarding_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."fixer_onboarding"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixer_checks" ADD CONSTRAINT "fixer_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fixer_checks_fixer_kind_idx" ON "fixer_checks" USING btree ("fixer_user_id","kind");