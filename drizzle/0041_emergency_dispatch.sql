CREATE TABLE "emergency_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"fixer_user_id" text NOT NULL,
	"round" smallint NOT NULL,
	"rate_pence" integer NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "emergency_offers_state" CHECK ("emergency_offers"."state" in ('offered', 'accepted', 'taken', 'expired', 'declined')),
	CONSTRAINT "emergency_offers_round" CHECK ("emergency_offers"."round" > 0)
);
--> statement-breakpoint
CREATE TABLE "emergency_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"round" smallint,
	"fixer_user_id" text,
	"count" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "emergency_request_events_kind" CHECK ("emergency_request_events"."kind" in ('sent', 'round', 'offered', 'accepted', 'declined', 'expired', 'taken', 'unanswered', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "emergency_requests" DROP CONSTRAINT "emergency_requests_status";--> statement-breakpoint
ALTER TABLE "emergency_requests" ADD COLUMN "round" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "emergency_requests" ADD COLUMN "accepted_fixer_user_id" text;--> statement-breakpoint
ALTER TABLE "emergency_requests" ADD COLUMN "accepted_rate_pence" integer;--> statement-breakpoint
ALTER TABLE "emergency_requests" ADD COLUMN "arrival_minutes" smallint;--> statement-breakpoint
ALTER TABLE "emergency_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emergency_offers" ADD CONSTRAINT "emergency_offers_request_id_emergency_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."emergency_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_offers" ADD CONSTRAINT "emergency_offers_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_request_events" ADD CONSTRAINT "emergency_request_events_request_id_emergency_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."emergency_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_request_events" ADD CONSTRAINT "emergency_request_events_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_offers_request_fixer_idx" ON "emergency_offers" USING btree ("request_id","fixer_user_id");--> statement-breakpoint
CREATE INDEX "emergency_offers_fixer_idx" ON "emergency_offers" USING btree ("fixer_user_id","offered_at");--> statement-breakpoint
CREATE INDEX "emergency_request_events_request_idx" ON "emergency_request_events" USING btree ("request_id","id");--> statement-breakpoint
ALTER TABLE "emergency_requests" ADD CONSTRAINT "emergency_requests_accepted_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("accepted_fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_requests_created_idx" ON "emergency_requests" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "emergency_requests" ADD CONSTRAINT "emergency_requests_accepted" CHECK ("emergency_requests"."status" <> 'accepted' or ("emergency_requests"."accepted_rate_pence" is not null and "emergency_requests"."arrival_minutes" is not null));--> statement-breakpoint
ALTER TABLE "emergency_requests" ADD CONSTRAINT "emergency_requests_status" CHECK ("emergency_requests"."status" in ('open', 'accepted', 'unanswered', 'cancelled'));