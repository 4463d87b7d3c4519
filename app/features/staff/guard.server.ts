import { data, redirect, type AppLoadContext } from "react-router";
import type { AuditActor } from "#server/audit-log.ts";
import { isStaffRole } from "./roles.server.ts";
import { getOptionalUser, signInRedirectPath } from "~/features/auth/guard.server";
import type { SessionUser } from "~/lib/session-user";
import type { RequestOrigin } from "~/features/auth/security-events.server.ts";

/**
 * The staff console's access check, called first in EVERY /staff loader and action and in every
 * staff download (a parent layout's loader does not guard its children: React Router runs them
 * in parallel, and resource routes run alone).
 * - signed out (or a disabled account, whose sessions are gone) → /auth?from=<this page>;
 * - signed in without the staff or admin role → 403 ("You don't have access to the staff console");
 * - `{ admin: true }` and only staff → 403 ("Admins only").
 */
export type StaffUser = SessionUser & { role: "staff" | "admin" };
export type StaffDenial = { denied: "not-staff" | "admin-only" };

export async function requireStaff(request: Request, context: AppLoadContext, options: { admin?: true } = {}): Promise<StaffUser> {
  const user = await getOptionalUser(request, context);
  // /staff responses are already private and uncached (command-http.server.ts).
  if (!user) throw redirect(signInRedirectPath(request));
  if (!isStaffRole(user.role)) throw data<StaffDenial>({ denied: "not-staff" }, { status: 403 });
  if (options.admin && user.role !== "admin") throw data<StaffDenial>({ denied: "admin-only" }, { status: 403 });
  return user as StaffUser;
}

/** A staff member acting in the console, and from where (security events record the address). */
export type StaffActor = StaffUser & RequestOrigin;

export function staffActor(user: StaffUser, context: AppLoadContext): StaffActor {
  return { ...user, ip: context.clientIp || null, userAgent: context.userAgent || null };
}

/** The audit trail's "who" for a signed-in staff member. */
export function actorOf(user: StaffUser): AuditActor {
  return { userId: user.id, email: user.email };
}

/** A text id (users, payments) from a URL segment, or a 404. */
export function parseTextIdParam(value: string | undefined): string {
  if (!value || value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) throw data(null, { status: 404 });
  return value;
}

export function notFound(): never {
  throw data(null, { status: 404 });
}
