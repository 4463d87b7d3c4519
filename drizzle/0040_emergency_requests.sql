CREATE TABLE "emergency_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_user_id" text NOT NULL,
	"service" text NOT NULL,
	"postcode" text NOT NULL,
	"district" text NOT NULL,
	"description" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"on_call_at_send" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_requests_status" CHECK ("emergency_requests"."status" in ('open')),
	CONSTRAINT "emergency_requests_on_call" CHECK ("emergency_requests"."on_call_at_send" > 0)
);
--> statement-breakpoint
ALTER TABLE "emergency_requests" ADD CONSTRAINT "emergency_requests_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_requests_customer_idx" ON "emergency_requests" USING btree ("customer_user_id","created_at");