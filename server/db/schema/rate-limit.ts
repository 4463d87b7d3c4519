import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Request counters for public forms and code checks: one row per key per fixed window, read as a
 * sliding window (decision 026). Kept in the database so limits hold across restarts and instances.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    /** Start of the window, in milliseconds since the epoch. */
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
