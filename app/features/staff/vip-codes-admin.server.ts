import type { Db, DbOrTx } from "#server/db/client.ts";
import { revokeVipCodeRow } from "~/features/vip/posts-and-codes.server";
import { recordStaffAction } from "#server/audit-log.ts";
import { actorOf, type StaffUser } from "./guard.server";
import { done, refused, type StaffOutcome } from "./messages";

/**
 * Revokes a leaked or refunded VIP code: it stops opening the VIP blog. Memberships already
 * attached to accounts are kept (they were paid for); take them away by disabling the account.
 */
export async function revokeVipCode(db: Db, actor: StaffUser, codeId: number): Promise<StaffOutcome> {
  const revoked = await db.transaction(async (tx) => {
    const codeHint = await revokeVipCodeRow(tx as DbOrTx, codeId);
    if (codeHint !== null) {
      await recordStaffAction(tx as DbOrTx, actorOf(actor), {
        action: "vip_code.revoke",
        targetType: "vip_code",
        targetId: codeId,
        details: { codeHint },
      });
    }
    return codeHint !== null;
  });
  if (!revoked) return refused("invalid", "Nothing to revoke", "The code does not exist or is already revoked.");
  return done("Code revoked", "It no longer opens the VIP blog.");
}
