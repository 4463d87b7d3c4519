CREATE TABLE "job_message_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_message_photos" ADD CONSTRAINT "job_message_photos_message_id_job_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."job_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_message_photos_message_idx" ON "job_message_photos" USING btree ("message_id");