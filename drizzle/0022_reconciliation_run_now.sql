ALTER TABLE "reconciliation_runs" DROP CONSTRAINT "reconciliation_runs_day_unique";--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "source" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "charges_checked" integer;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "transfers_checked" integer;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "refunds_checked" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_daily_day_idx" ON "reconciliation_runs" USING btree ("day") WHERE "reconciliation_runs"."source" = 'daily';--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_source_check" CHECK ("reconciliation_runs"."source" in ('daily', 'staff'));