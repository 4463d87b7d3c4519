import { getTableColumns } from "drizzle-orm";
import { readOnly } from "#server/db/projection.ts";
import { fixerChecks, fixerOnboarding, fixerRegistrations, onboardingDocuments, onboardingReviews } from "#server/db/schema/fixers.ts";

/**
 * Read-only projections of the fixers feature's tables for the lists and joins of other features (the staff
 * console above all; decision 089), each named as its table. Nothing writes through them: its own
 * functions change these rows.
 */
export const fixerChecksView = readOnly(fixerChecks, getTableColumns(fixerChecks));
export const fixerOnboardingView = readOnly(fixerOnboarding, getTableColumns(fixerOnboarding));
export const fixerRegistrationsView = readOnly(fixerRegistrations, getTableColumns(fixerRegistrations));
export const onboardingDocumentsView = readOnly(onboardingDocuments, getTableColumns(onboardingDocuments));
export const onboardingReviewsView = readOnly(onboardingReviews, getTableColumns(onboardingReviews));
