import type { Db, DbOrTx } from "#server/db/client.ts";
import { accountByEmail, accountById, setAccountRole, staffAccounts } from "~/features/auth/accounts.server";
import { recordStaffAction, type AuditActor } from "#server/audit-log.ts";

/**
 * Account roles. "user" is everyone; "staff" may use the staff console; "admin" may also change
 * roles and read the audit trail. A role is never taken from a form or an API body a visitor
 * controls: only this module changes it (the command-line tool, an admin in the console, and
 * STAFF_ADMIN_EMAILS at sign-in).
 */
export const roles = ["user", "staff", "admin"] as const;
export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

export function isStaffRole(role: string | null | undefined): role is "staff" | "admin" {
  return role === "staff" || role === "admin";
}

type UserForRole = { id: string; email: string; role: string };

/**
 * Sets one account's role and writes the audit entry, in the caller's transaction.
 * Answers whether anything changed (granting a role the account already has is not an error).
 */
export async function applyRole(
  tx: DbOrTx,
  user: UserForRole,
  role: Role,
  actor: AuditActor,
  via: string,
): Promise<{ from: Role; to: Role; changed: boolean }> {
  const from: Role = isRole(user.role) ? user.role : "user";
  if (from === role) return { from, to: role, changed: false };
  await setAccountRole(tx, user.id, role);
  await recordStaffAction(tx, actor, {
    action: "user.role",
    targetType: "user",
    targetId: user.id,
    details: { email: user.email, from, to: role, via },
  });
  return { from, to: role, changed: true };
}

/** The command-line tool's commands (scripts/staff.ts), run directly or by the running server. */
export type StaffCommand =
  | { command: "grant"; email: string; role: "staff" | "admin" }
  | { command: "revoke"; email: string }
  | { command: "list" };

export type StaffListEntry = { email: string; name: string; role: "staff" | "admin"; disabled: boolean };
export type StaffCommandOutcome = { ok: boolean; message: string; staff?: StaffListEntry[] };

export async function listStaff(db: Db): Promise<StaffListEntry[]> {
  const rows = await staffAccounts(db);
  return rows.map((r) => ({
    email: r.email,
    name: r.fullName || r.name,
    role: r.role === "admin" ? "admin" : "staff",
    disabled: r.disabledAt !== null,
  }));
}

export async function runStaffCommand(db: Db, command: StaffCommand, actor: AuditActor, via: string): Promise<StaffCommandOutcome> {
  if (command.command === "list") {
    const staff = await listStaff(db);
    return { ok: true, message: staff.length ? `${staff.length} staff account(s).` : "No staff accounts yet.", staff };
  }
  const email = command.email.trim().toLowerCase();
  const role: Role = command.command === "grant" ? command.role : "user";
  return db.transaction(async (tx) => {
    const user = await accountByEmail(tx as DbOrTx, email);
    if (!user) {
      return { ok: false, message: `No account with the email ${email}. The person must sign up on the site first.` };
    }
    const result = await applyRole(tx as DbOrTx, user, role, actor, via);
    const notes = [
      user.disabledAt ? "Note: this account is disabled; enable it in the staff console before it can sign in." : "",
      !user.emailVerified ? "Note: this account has not confirmed its email yet, so it cannot sign in until it does." : "",
    ].filter(Boolean);
    const head = result.changed
      ? `${user.email} is now ${describeRole(role)} (was ${describeRole(result.from)}).`
      : `${user.email} is already ${describeRole(role)}; nothing changed.`;
    return { ok: true, message: [head, ...notes].join(" ") };
  });
}

function describeRole(role: Role): string {
  return role === "user" ? "a plain user" : role === "admin" ? "an admin" : "staff";
}

/**
 * STAFF_ADMIN_EMAILS: an account whose (confirmed) email is listed becomes admin when a session is
 * created for it, i.e. at every sign-in, including the automatic one after confirming the email.
 * So the setting also holds for accounts created after it was set. Removing an email from the
 * setting does not demote anyone: use `npm run staff -- revoke`.
 */
export async function promoteConfiguredAdmin(db: Db, adminEmails: readonly string[], userId: string): Promise<boolean> {
  if (adminEmails.length === 0) return false;
  return db.transaction(async (tx) => {
    const user = await accountById(tx as DbOrTx, userId);
    if (!user || !user.emailVerified || user.role === "admin" || !adminEmails.includes(user.email.toLowerCase())) return false;
    await applyRole(tx as DbOrTx, user, "admin", { userId: null, email: "STAFF_ADMIN_EMAILS setting" }, "STAFF_ADMIN_EMAILS");
    return true;
  });
}
