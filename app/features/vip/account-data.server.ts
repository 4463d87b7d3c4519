import { eq, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { vipCodes, vipMemberships } from "#server/db/schema/vip.ts";

/** What My Account shows and exports of VIP (decision 089: vip owns its tables). */

/** When the account (its id, an outer column) became a VIP member, as text; for My Account's one query. */
export const vipSinceSql = (userId: SQLWrapper) => sql<string | null>`(select v.created_at::text from ${vipMemberships} v where v.user_id = ${userId} limit 1)`;

/** How the account became a VIP member (purchase, code …); for My Account's one query. */
export const vipSourceSql = (userId: SQLWrapper) => sql<string | null>`(select v.source from ${vipMemberships} v where v.user_id = ${userId} limit 1)`;

/** The membership and the codes bought while signed in: the hint only (a code's hash is a secret, like a password hash). */
export async function exportVipData(db: Db, userId: string) {
  const [membership] = await db
    .select({ source: vipMemberships.source, since: vipMemberships.createdAt })
    .from(vipMemberships)
    .where(eq(vipMemberships.userId, userId))
    .limit(1);
  const codes = await db
    .select({ codeHint: vipCodes.codeHint, email: vipCodes.email, createdAt: vipCodes.createdAt, lastUsedAt: vipCodes.lastUsedAt, revokedAt: vipCodes.revokedAt })
    .from(vipCodes)
    .where(eq(vipCodes.userId, userId));
  return { membership: membership ?? null, codes };
}
