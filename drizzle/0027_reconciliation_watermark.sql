ALTER TABLE "reconciliation_runs" ADD COLUMN "watermark_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "since_run_id" bigint;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "ledger_by_kind" jsonb;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "ledger_events" integer;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "ledger_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_events_kind_created_idx" ON "ledger_events" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "provider_operations_object_idx" ON "provider_operations" USING btree ("provider_object_id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_status_idx" ON "reconciliation_runs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "test_provider_objects_created_idx" ON "test_provider_objects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_product_updated_idx" ON "payments" USING btree ("product","updated_at");--> statement-breakpoint
-- Hand-written (issue 47): the reconciliation reads succeeded operations since its watermark by when they
-- succeeded (completed_at; created_at for rows from before it was written), in (time, id) keyset order.
CREATE INDEX "provider_operations_succeeded_at_idx" ON "provider_operations" USING btree ((coalesce("completed_at", "created_at")), "id") WHERE "status" = 'succeeded';
