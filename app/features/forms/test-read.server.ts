import { asc, count } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerOnboarding, fixerRegistrations } from "#server/db/schema/fixers.ts";
import { contactSubmissions, recruitmentApplications } from "#server/db/schema/forms.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { payments } from "#server/db/schema/payments.ts";
import { staffAuditLog } from "#server/db/schema/staff.ts";
import { vipMemberships } from "#server/db/schema/vip.ts";

/** Tables that hold what people submit: a refused request must add no row to any of them. */
const submissionTables = {
  users,
  contactSubmissions,
  recruitmentApplications,
  fixerRegistrations,
  fixerOnboarding,
  payments,
  vipMemberships,
  staffAuditLog,
  outboxJobs,
};

/** Everything the forms wrote, oldest first, and row counts of every submission table (APP_ENV=test only; see /dev/forms.json). */
export async function readFormsForTests(db: Db) {
  const [contacts, applications, jobs, ...counted] = await Promise.all([
    db.select().from(contactSubmissions).orderBy(asc(contactSubmissions.id)),
    db.select().from(recruitmentApplications).orderBy(asc(recruitmentApplications.id)),
    db
      .select({
        id: outboxJobs.id,
        kind: outboxJobs.kind,
        status: outboxJobs.status,
        attempts: outboxJobs.attempts,
        payload: outboxJobs.payload,
        lastError: outboxJobs.lastError,
      })
      .from(outboxJobs)
      .orderBy(asc(outboxJobs.id)),
    ...Object.values(submissionTables).map((table) => db.select({ rows: count() }).from(table)),
  ]);
  const counts = Object.fromEntries(Object.keys(submissionTables).map((name, i) => [name, counted[i]?.[0]?.rows ?? 0]));
  return { contacts, applications, jobs, counts };
}
