import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * better-auth's tables (drizzle adapter, provider "pg"), written by hand. The JS property
 * names are better-auth's field names; the columns are snake_case.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    /** Sign-up profile metadata (full name, phone, user type). */
    fullName: text("full_name").notNull().default(""),
    phone: text("phone"),
    /** "customer" or "fixer", chosen at sign-up. */
    userType: text("user_type").notNull().default("customer"),
    /** "user", "staff" or "admin". Never accepted from a client: set by staff tooling only. */
    role: text("role").notNull().default("user"),
    /** Set by staff: a disabled account cannot sign in and its sessions are refused. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [
    // The staff console's Users list (decision 069): newest first, by role, and searched by fragment.
    index("users_created_idx").on(t.createdAt, t.id),
    index("users_role_created_idx").on(t.role, t.createdAt, t.id),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("users_full_name_trgm_idx").using(
      "gin",
      t.fullName.op("gin_trgm_ops"),
    ),
    index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("users_phone_trgm_idx").using("gin", t.phone.op("gin_trgm_ops")),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", {
      withTimezone: true,
    }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", {
      withTimezone: true,
    }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

/** Email-confirmation and password-reset tokens. */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** better-auth's rate-limit counters for /api/auth/* (storage "database"): shared by every instance. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
