import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { vipCodes } from "#server/db/schema/vip.ts";
import { recordStaffAction } from "#server/audit-log.ts";
import { actorOf, type StaffUser } from "./guard.server";
import { done, refused, type StaffOutcome } from "./messages";

/**
 * Revokes a leaked or refunded VIP code: it stops opening the VIP blog. Memberships already
 * attached to accounts are kept (they were paid for); take them away by disabling the account.
 */
export async function revokeVipCode(db: Db, actor: StaffUser, codeId: number): Promise<StaffOutcome> {
  const revoked = await db.transaction(async (tx) => {
    const rows = await tx
      .update(vipCodes)
      .set({ revokedAt: new Date() })
      .where(and(eq(vipCodes.id, codeId), isNull(vipCodes.revokedAt)))
      .returning({ id: vipCodes.id, codeHint: vipCodes.codeHint });
    if (rows[0]) {
      await recordStaffAction(tx as DbOrTx, actorOf(actor), {
        action: "vip_code.revoke",
        targetType: "vip_code",
        targetId: codeId,
        details: { codeHint: rows[0].codeHint },
      });
    }
    return rows.length > 0;
  });
  if (!revoked) return refused("invalid", "Nothing to revoke", "The code does not exist or is already revoked.");
  return done("Code revoked", "It no longer opens the VIP blog.");
}
