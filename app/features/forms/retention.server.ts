import { lt } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { contactSubmissions, recruitmentApplications } from "#server/db/schema/forms.ts";

/**
 * What the privacy notice's retention deletes of the forms (app/features/privacy): submissions and job
 * applications older than `before`, in the caller's transaction. The CVs' storage keys come back for
 * the caller to delete once it has committed.
 */
export async function deleteFormsBefore(tx: DbOrTx, before: Date): Promise<{ contactSubmissions: number; recruitmentApplications: number; cvKeys: string[] }> {
  const contacts = await tx.delete(contactSubmissions).where(lt(contactSubmissions.createdAt, before)).returning({ id: contactSubmissions.id });
  const applications = await tx.delete(recruitmentApplications).where(lt(recruitmentApplications.createdAt, before)).returning({ cvKey: recruitmentApplications.cvKey });
  return {
    contactSubmissions: contacts.length,
    recruitmentApplications: applications.length,
    cvKeys: applications.flatMap((a) => (a.cvKey ? [a.cvKey] : [])),
  };
}
