import { asc } from "drizzle-orm";
import type { Db } from "../../../server/db/client.ts";
import { contactSubmissions, recruitmentApplications } from "../../../server/db/schema/forms.ts";
import { outboxJobs } from "../../../server/db/schema/outbox.ts";

/** Everything the forms wrote, oldest first (APP_ENV=test only; see /dev/forms.json). */
export async function readFormsForTests(db: Db) {
  const [contacts, applications, jobs] = await Promise.all([
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
  ]);
  return { contacts, applications, jobs };
}
