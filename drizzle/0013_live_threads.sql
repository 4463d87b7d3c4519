CREATE TABLE "thread_reads" (
	"user_id" text NOT NULL,
	"job_id" bigint NOT NULL,
	"fixer_user_id" text NOT NULL,
	"last_read_message_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_reads_user_id_job_id_fixer_user_id_pk" PRIMARY KEY("user_id","job_id","fixer_user_id")
);
--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_messages_fixer_idx" ON "job_messages" USING btree ("fixer_user_id","id");