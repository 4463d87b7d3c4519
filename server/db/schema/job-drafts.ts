import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * What a signed-out visitor typed on /request (and the photos they added), kept for 30 minutes so
 * it comes back after they sign in or sign up (decision 042). The browser holds only a random token
 * in an HttpOnly cookie; the row holds the token's SHA-256. The photos are private files under
 * `job-drafts/` in the file store; an outbox job at `expires_at` deletes the row and the files.
 */
export const jobDrafts = pgTable(
  "job_drafts",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** Set when the visitor returns signed in: from then on only that account sees the draft. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The form's text fields as typed (known fields only, bounded). */
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    /** The photos, already cleaned of metadata: `{ id, storageKey, contentType, size, width, height }`. */
    photos: jsonb("photos").$type<DraftPhoto[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("job_drafts_user_idx").on(t.userId), index("job_drafts_expires_idx").on(t.expiresAt)],
);

export type DraftPhoto = { id: string; storageKey: string; contentType: "image/jpeg" | "image/png" | "image/webp"; size: number; width?: number | null; height?: number | null };
