-- pg_trgm serves the staff console's ILIKE '%fragment%' searches (decision 069). PGlite loads it in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "staff_audit_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_job_idx" ON "bookings" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "bookings_queue_idx" ON "bookings" USING btree ("id") WHERE "bookings"."state" in ('disputed', 'staff_review', 'claim_contested') or "bookings"."release_frozen_at" is not null;--> statement-breakpoint
CREATE INDEX "outbox_jobs_created_idx" ON "outbox_jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_jobs_status_created_idx" ON "outbox_jobs" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_provider_session_id_idx" ON "payments" USING btree ("provider_session_id");--> statement-breakpoint
CREATE INDEX "payments_email_trgm_idx" ON "payments" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fixer_profiles_display_name_trgm_idx" ON "fixer_profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_messages_created_idx" ON "job_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "job_messages_sender_idx" ON "job_messages" USING btree ("sender_user_id");--> statement-breakpoint
CREATE INDEX "job_messages_body_trgm_idx" ON "job_messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_status_created_idx" ON "jobs" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_title_trgm_idx" ON "jobs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_district_trgm_idx" ON "jobs" USING gin ("district" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_body_trgm_idx" ON "reviews" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "security_events_type_created_idx" ON "security_events" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "security_events_ip_idx" ON "security_events" USING btree ("ip_address");--> statement-breakpoint
CREATE INDEX "security_events_email_idx" ON "security_events" USING btree (("details"->>'email'));--> statement-breakpoint
CREATE INDEX "staff_audit_created_idx" ON "staff_audit_log" USING btree ("created_at","id");