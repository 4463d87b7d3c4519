import { z } from "~/lib/zod";
import type { InfraServices } from "#server/services.ts";
import { recordSecurityEvent } from "~/features/auth/security-events.server.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { accountById, setAccountDisabled } from "~/features/auth/accounts.server";
import { recordStaffAction } from "#server/audit-log.ts";
import { applyRole, isStaffRole, roles, type Role } from "./roles.server.ts";
import { actorOf, type StaffActor } from "./guard.server";
import { done, refused, type StaffOutcome } from "./messages";
import { statusLabel } from "./status";

/**
 * Account actions in the console. The rules (staffCan):
 * - nobody acts on their own account here (no self-disable, no self-demotion);
 * - staff may disable and enable plain users; disabling or enabling a staff or admin account
 *   takes an admin;
 * - only admins change roles.
 * Disabling deletes every session of the account in the same transaction, so it is signed out at
 * once; sign-in is then refused (~/features/auth/auth.server.ts) until it is enabled again.
 */

type Deps = Pick<InfraServices, "db" | "logger">;

export const roleSchema = z.object({ role: z.enum(roles, { error: "Please choose user, staff or admin." }) });

/** What `viewer` may do to the account `target`: the user page shows these controls, its actions enforce them. */
export function staffCan(viewer: { id: string; role: string }, target: { id: string; role: string }) {
  const self = viewer.id === target.id;
  return {
    self,
    changeRole: viewer.role === "admin" && !self,
    disable: !self && (!isStaffRole(target.role) || viewer.role === "admin"),
  };
}

export async function setDisabled({ db, logger }: Deps, actor: StaffActor, userId: string, disable: boolean): Promise<StaffOutcome> {
  const account = await accountById(db, userId);
  if (!account) return refused("not-found", "Not found", "There is no such account.");
  const can = staffCan(actor, account);
  if (can.self) return refused("invalid", "Not allowed", "You cannot disable or enable your own account.");
  if (!can.disable) {
    return refused("forbidden", "Admins only", `Only an admin can ${disable ? "disable" : "enable"} a ${statusLabel(account.role).toLowerCase()} account.`);
  }
  if (disable === Boolean(account.disabledAt)) return done(disable ? "Already disabled" : "Already active", "Nothing changed.");
  await db.transaction(async (tx) => {
    await setAccountDisabled(tx as DbOrTx, userId, disable);
    await recordStaffAction(tx as DbOrTx, actorOf(actor), {
      action: disable ? "user.disable" : "user.enable",
      targetType: "user",
      targetId: userId,
      details: { email: account.email },
    });
  });
  await recordSecurityEvent(db, logger, {
    type: disable ? "account_disabled" : "account_enabled",
    userId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: { by: actor.email },
  });
  return disable
    ? done("Account disabled", `${account.email} is signed out everywhere and cannot sign in.`)
    : done("Account enabled", `${account.email} can sign in again.`);
}

export async function changeRole({ db, logger }: Deps, actor: StaffActor, userId: string, role: Role): Promise<StaffOutcome> {
  // Checked before the account is looked up: staff learn nothing about other accounts from this action.
  if (actor.role !== "admin") return refused("forbidden", "Admins only", "Only an admin can change roles.");
  const account = await accountById(db, userId);
  if (!account) return refused("not-found", "Not found", "There is no such account.");
  if (!staffCan(actor, account).changeRole) return refused("invalid", "Not allowed", "You cannot change your own role. Ask another admin.");
  const change = await db.transaction((tx) => applyRole(tx as DbOrTx, account, role, actorOf(actor), "console"));
  if (change.changed) {
    await recordSecurityEvent(db, logger, {
      type: "role_changed",
      userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { by: actor.email, from: change.from, to: change.to },
    });
  }
  return change.changed
    ? done("Role changed", `${account.email} is now ${statusLabel(change.to).toLowerCase()}.`)
    : done("Role unchanged", `${account.email} already has that role.`);
}
