import { and, eq, isNull } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { vipCodes } from "#server/db/schema/vip.ts";
import { recordStaffAction } from "./audit.server.ts";
import { actorOf, type StaffUser } from "./guard.server";
import type { StaffActionResult } from "./messages";

/**
 * Revokes a leaked or refunded VIP code: it stops opening the VIP blog. Memberships already
 * attached to accounts are kept (they were paid for); take them away by disabling the account.
 */
export async function revokeVipCode(context: AppLoadContext, actor: StaffUser, codeId: number) {
  const { db } = context.services;
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
  if (!revoked) return data<StaffActionResult>({ ok: false, title: "Nothing to revoke", text: "The code does not exist or is already revoked." }, { status: 400 });
  return data<StaffActionResult>({ ok: true, title: "Code revoked", text: "It no longer opens the VIP blog." });
}
