CREATE TABLE "job_drafts" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"fields" jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_drafts" ADD CONSTRAINT "job_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_drafts_user_idx" ON "job_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_drafts_expires_idx" ON "job_drafts" USING btree ("expires_at");