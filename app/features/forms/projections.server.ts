import { getTableColumns } from "drizzle-orm";
import { readOnly } from "#server/db/projection.ts";
import { contactSubmissions, recruitmentApplications } from "#server/db/schema/forms.ts";

/**
 * Read-only projections of the forms feature's tables for the lists and joins of other features (the staff
 * console above all; decision 089), each named as its table. Nothing writes through them: its own
 * functions change these rows.
 */
export type { ContactSubmission, RecruitmentApplication } from "#server/db/schema/forms.ts";

export const contactSubmissionsView = readOnly(contactSubmissions, getTableColumns(contactSubmissions));
export const recruitmentApplicationsView = readOnly(recruitmentApplications, getTableColumns(recruitmentApplications));
