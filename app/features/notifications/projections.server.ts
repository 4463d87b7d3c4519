import { eq, sql, type SQLWrapper } from "drizzle-orm";
import { readOnly } from "#server/db/projection.ts";
import { unreadCounts } from "#server/db/schema/notifications.ts";

/**
 * Read-only projections of the notifications feature's tables for the joins of other features
 * (decision 089), each named as its table. Nothing writes through them: its own functions keep the counters.
 */

/** The header's unread counters as stored (unread_counts), one row per person who has had any. */
export const unreadCountsView = readOnly(unreadCounts, { userId: unreadCounts.userId, messages: unreadCounts.messages, notifications: unreadCounts.notifications });

/**
 * The counters as the session's one query (decision 071) left-joins them on the account's id (an
 * outer column): no row yet reads as null.
 */
export const unreadCountsJoin = {
  view: unreadCountsView,
  on: (userId: SQLWrapper) => eq(unreadCountsView.userId, userId),
  messages: sql<number | null>`${unreadCountsView.messages}`,
  notifications: sql<number | null>`${unreadCountsView.notifications}`,
};
