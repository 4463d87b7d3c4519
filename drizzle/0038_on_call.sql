CREATE TABLE "emergency_hours" (
	"fixer_user_id" text NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "emergency_hours_fixer_user_id_weekday_pk" PRIMARY KEY("fixer_user_id","weekday"),
	CONSTRAINT "emergency_hours_weekday" CHECK ("emergency_hours"."weekday" between 1 and 7),
	CONSTRAINT "emergency_hours_minutes" CHECK ("emergency_hours"."start_minute" between 0 and 1439 and "emergency_hours"."end_minute" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "emergency_overrides" (
	"fixer_user_id" text PRIMARY KEY NOT NULL,
	"on_call" boolean NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_services" (
	"fixer_user_id" text NOT NULL,
	"service" text NOT NULL,
	"rate_pence" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_services_fixer_user_id_service_pk" PRIMARY KEY("fixer_user_id","service"),
	CONSTRAINT "emergency_services_rate_positive" CHECK ("emergency_services"."rate_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "emergency_hours" ADD CONSTRAINT "emergency_hours_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_overrides" ADD CONSTRAINT "emergency_overrides_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_services" ADD CONSTRAINT "emergency_services_fixer_user_id_fixer_profiles_user_id_fk" FOREIGN KEY ("fixer_user_id") REFERENCES "public"."fixer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_services_service_idx" ON "emergency_services" USING btree ("service","fixer_user_id");