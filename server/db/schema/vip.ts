import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { payments } from "./payments.ts";

/** VIP codes issued by purchase. Stored as SHA-256 of the exact trimmed code (compared case-sensitively). */
export const vipCodes = pgTable(
  "vip_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    codeHash: text("code_hash").notNull().unique(),
    /** Last characters only, so staff can tell codes apart without seeing them. */
    codeHint: text("code_hint").notNull(),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    email: text("email"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vip_codes_user_idx").on(t.userId)],
);

/** VIP membership of an account (bought while signed in, or claimed by entering a valid code while signed in). */
export const vipMemberships = pgTable("vip_memberships", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** "purchase", "code" or "campaign". */
  source: text("source").notNull(),
  vipCodeId: bigint("vip_code_id", { mode: "number" }).references(() => vipCodes.id, { onDelete: "set null" }),
  paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Members-only posts (spec read shape: id, title, excerpt, content, category, author, published_at, tags). Unpublished while published_at is null. */
export const vipPosts = pgTable(
  "vip_posts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    category: text("category").notNull(),
    author: text("author").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vip_posts_published_idx").on(t.publishedAt)],
);

export type VipCode = typeof vipCodes.$inferSelect;
export type VipMembership = typeof vipMemberships.$inferSelect;
export type VipPost = typeof vipPosts.$inferSelect;
