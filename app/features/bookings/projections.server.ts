import { getTableColumns } from "drizzle-orm";
import { readOnly } from "#server/db/projection.ts";
import { bookings, bookingTransitions, fixerStrikes, ledgerAccounts, ledgerEntries, ledgerEvents, providerOperations } from "#server/db/schema/bookings.ts";

/**
 * Read-only projections of the bookings feature's tables for the lists and joins of other features (the staff
 * console above all; decision 089), each named as its table. Nothing writes through them: its own
 * functions change these rows.
 */
export { BOOKING_STATES, type BookingState } from "#server/db/schema/bookings.ts";

export const bookingsView = readOnly(bookings, getTableColumns(bookings));
export const bookingTransitionsView = readOnly(bookingTransitions, getTableColumns(bookingTransitions));
export const fixerStrikesView = readOnly(fixerStrikes, getTableColumns(fixerStrikes));
export const ledgerAccountsView = readOnly(ledgerAccounts, getTableColumns(ledgerAccounts));
export const ledgerEntriesView = readOnly(ledgerEntries, getTableColumns(ledgerEntries));
export const ledgerEventsView = readOnly(ledgerEvents, getTableColumns(ledgerEvents));
export const providerOperationsView = readOnly(providerOperations, getTableColumns(providerOperations));
