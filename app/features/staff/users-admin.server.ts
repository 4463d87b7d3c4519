import { eq } from "drizzle-orm";
import { z } from "zod";
import { data, type AppLoadContext } from "react-router";
import { recordSecurityEvent } from "~/features/auth/security-events.server.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { sessions, users } from "#server/db/schema/auth.ts";
import { recordStaffAction } from "./audit.server.ts";
import { applyRole, isStaffRole, roles } from "./roles.server.ts";
import { checkWith, stringValues } from "./form-values";
import { actorOf, type StaffUser } from "./guard.server";
import type { StaffActionResult } from "./messages";
import { statusLabel } from "./status";

/**
 * Account actions in the console. The rules:
 * - nobody acts on their own account here (no self-disable, no self-demotion);
 * - staff may disable and enable plain users; disabling or enabling a staff or admin account
 *   takes an admin;
 * - only admins change roles.
 * Disabling deletes every session of the account in the same transaction, so it is signed out at
 * once; sign-in is then refused (server/auth/auth.ts) until it is enabled again.
 */

const result = (status: number, ok: boolean, title: string, text: string) => data<StaffActionResult>({ ok, title, text }, { status });

export const roleSchema = z.object({ role: z.enum(roles, { error: "Please choose user, staff or admin." }) });

async function target(context: AppLoadContext, userId: string) {
  const [row] = await context.services.db
    .select({ id: users.id, email: users.email, role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

function origin(context: AppLoadContext) {
  return { ip: context.clientIp || null, userAgent: context.userAgent || null };
}

export async function setDisabled(context: AppLoadContext, actor: StaffUser, userId: string, disable: boolean) {
  const account = await target(context, userId);
  if (!account) return result(404, false, "Not found", "There is no such account.");
  if (account.id === actor.id) return result(400, false, "Not allowed", "You cannot disable or enable your own account.");
  if (isStaffRole(account.role) && actor.role !== "admin") {
    return result(403, false, "Admins only", `Only an admin can ${disable ? "disable" : "enable"} a ${statusLabel(account.role).toLowerCase()} account.`);
  }
  if (disable === Boolean(account.disabledAt)) {
    return result(200, true, disable ? "Already disabled" : "Already active", "Nothing changed.");
  }
  const { db, logger } = context.services;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ disabledAt: disable ? new Date() : null, updatedAt: new Date() }).where(eq(users.id, userId));
    if (disable) await tx.delete(sessions).where(eq(sessions.userId, userId));
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
    ...origin(context),
    details: { by: actor.email },
  });
  return result(
    200,
    true,
    disable ? "Account disabled" : "Account enabled",
    disable ? `${account.email} is signed out everywhere and cannot sign in.` : `${account.email} can sign in again.`,
  );
}

export async function changeRole(context: AppLoadContext, actor: StaffUser, userId: string, form: FormData) {
  if (actor.role !== "admin") return result(403, false, "Admins only", "Only an admin can change roles.");
  const checked = checkWith(roleSchema, stringValues(form));
  if (!checked.ok) return data<StaffActionResult>({ ok: false, title: "Choose a role", text: checked.fieldErrors.role ?? "", fieldErrors: checked.fieldErrors }, { status: 400 });
  const account = await target(context, userId);
  if (!account) return result(404, false, "Not found", "There is no such account.");
  if (account.id === actor.id) return result(400, false, "Not allowed", "You cannot change your own role. Ask another admin.");
  const { db, logger } = context.services;
  const change = await db.transaction((tx) => applyRole(tx as DbOrTx, account, checked.data.role, actorOf(actor), "console"));
  if (change.changed) {
    await recordSecurityEvent(db, logger, {
      type: "role_changed",
      userId,
      ...origin(context),
      details: { by: actor.email, from: change.from, to: change.to },
    });
  }
  return result(
    200,
    true,
    change.changed ? "Role changed" : "Role unchanged",
    change.changed ? `${account.email} is now ${statusLabel(change.to).toLowerCase()}.` : `${account.email} already has that role.`,
  );
}
