ALTER TABLE "contact_submissions" ADD COLUMN "waitlist_key" text;--> statement-breakpoint
-- Each address already on the waitlist keys its earliest row, the one a repeat sign-up has been
-- updating; a later duplicate (from before sign-ups were serialised) keeps a null key and its data.
UPDATE "contact_submissions" AS c SET "waitlist_key" = lower(c."email")
WHERE c."subject" = 'Early Access Waitlist'
  AND c."id" = (SELECT min(d."id") FROM "contact_submissions" AS d WHERE d."subject" = c."subject" AND lower(d."email") = lower(c."email"));--> statement-breakpoint
CREATE UNIQUE INDEX "contact_submissions_waitlist_key_idx" ON "contact_submissions" USING btree ("waitlist_key");
