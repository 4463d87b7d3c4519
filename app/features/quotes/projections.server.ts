import { getTableColumns } from "drizzle-orm";
import { readOnly } from "#server/db/projection.ts";
import { fixerAreas, fixerProfiles, fixerServices, jobMessages, jobs, quotes, reviews } from "#server/db/schema/quotes.ts";

/**
 * Read-only projections of the quotes feature's tables for the lists and joins of other features (the staff
 * console above all; decision 089), each named as its table. Nothing writes through them: its own
 * functions change these rows.
 */
export { type ReviewAuthor } from "#server/db/schema/quotes.ts";

export const fixerProfilesView = readOnly(fixerProfiles, getTableColumns(fixerProfiles));
export const jobsView = readOnly(jobs, getTableColumns(jobs));
export const jobMessagesView = readOnly(jobMessages, getTableColumns(jobMessages));
export const quotesView = readOnly(quotes, getTableColumns(quotes));
export const reviewsView = readOnly(reviews, getTableColumns(reviews));
export const fixerServicesView = readOnly(fixerServices, getTableColumns(fixerServices));
export const fixerAreasView = readOnly(fixerAreas, getTableColumns(fixerAreas));
