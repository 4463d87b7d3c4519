import { integer, text, timestamp } from "drizzle-orm/pg-core";

/** The columns of every stored photo's row (job, message and done photos): where the checked, re-encoded file is kept, and what it is. */
export const storedPhotoColumns = () => ({
  storageKey: text("storage_key").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
