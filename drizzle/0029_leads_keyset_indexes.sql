DROP INDEX "quotes_fixer_idx";--> statement-breakpoint
CREATE INDEX "bookings_fixer_slot_idx" ON "bookings" USING btree ("fixer_user_id","slot_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_messages_thread_id_idx" ON "job_messages" USING btree ("job_id","fixer_user_id","id");--> statement-breakpoint
CREATE INDEX "jobs_open_area_idx" ON "jobs" USING btree ("service","area","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_district_idx" ON "jobs" USING btree ("service","district","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_outward_idx" ON "jobs" USING btree ("service","outward","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "quotes_fixer_idx" ON "quotes" USING btree ("fixer_user_id","created_at","id");