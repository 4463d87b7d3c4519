import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { recordStaffAction } from "#server/audit-log.ts";
import { accountsView } from "~/features/auth/projections.server";
import { bookingsView, bookingTransitionsView, fixerStrikesView, ledgerAccountsView, ledgerEntriesView, ledgerEventsView, providerOperationsView } from "~/features/bookings/projections.server";
import { fixerProfilesView, jobsView } from "~/features/quotes/projections.server";
import { staffDecide, type StaffDecision } from "~/features/bookings/bookings.server";
import { bookingAddressOf } from "~/features/bookings/address.server";
import { caseOf } from "~/features/bookings/case-records.server";
import { casePhotosOf } from "~/features/bookings/cases.server";
import { donePhotosOf } from "~/features/bookings/done-photos.server";
import { extrasOf, extraView } from "~/features/bookings/extras.server";
import { liftStrikeRow } from "~/features/bookings/strikes.server";
import { strikeCounts } from "~/features/bookings/strikes";
import { ACCOUNTS } from "~/features/bookings/ledger.server";
import { canTake, STATE_LABELS } from "~/features/bookings/state-machine";
import { isRefusalError, type RefusalCode } from "~/lib/forms/refusal-error";
import type { BookingDecisionInput } from "./booking-decision-schema";
import { actorOf, type StaffUser } from "./guard.server";
import { done, refused, type StaffOutcome, type StaffProblem } from "./messages";

/**
 * The staff booking page (/staff/bookings/:id): the booking, both people, its amounts, timeline,
 * ledger, provider operations and the fixer's strikes; the decide actions (staffDecide: audited in
 * its transaction, both sides emailed) and lifting a strike (audited). Refusals are the booking
 * services' own sentences, answered with their status (an illegal decision is a 409).
 */

type Deps = { db: Db; publicUrl: string };

export async function loadStaffBooking(db: Db, bookingId: number) {
  const [booking] = await db.select().from(bookingsView).where(eq(bookingsView.id, bookingId));
  if (!booking) return null;
  const [[customer], [fixer], [job], timeline, entries, operations, strikes, donePhotos, bookingCase, casePhotos, address, extras] = await Promise.all([
    db.select({ id: accountsView.id, email: accountsView.email, name: accountsView.fullName, fallback: accountsView.name }).from(accountsView).where(eq(accountsView.id, booking.customerUserId)),
    db
      .select({ id: accountsView.id, email: accountsView.email, name: fixerProfilesView.displayName, slug: fixerProfilesView.slug, leadsDisabledAt: fixerProfilesView.leadsDisabledAt })
      .from(fixerProfilesView)
      .leftJoin(accountsView, eq(accountsView.id, fixerProfilesView.userId))
      .where(eq(fixerProfilesView.userId, booking.fixerUserId)),
    booking.jobId ? db.select({ id: jobsView.id, title: jobsView.title }).from(jobsView).where(eq(jobsView.id, booking.jobId)) : Promise.resolve([]),
    db.select().from(bookingTransitionsView).where(eq(bookingTransitionsView.bookingId, bookingId)).orderBy(asc(bookingTransitionsView.id)),
    db
      .select({ eventId: ledgerEventsView.id, kind: ledgerEventsView.kind, createdAt: ledgerEventsView.createdAt, account: ledgerAccountsView.code, amountPence: ledgerEntriesView.amountPence })
      .from(ledgerEntriesView)
      .innerJoin(ledgerEventsView, eq(ledgerEventsView.id, ledgerEntriesView.eventId))
      .innerJoin(ledgerAccountsView, eq(ledgerAccountsView.id, ledgerEntriesView.accountId))
      .where(eq(ledgerEventsView.bookingId, bookingId))
      .orderBy(asc(ledgerEventsView.id), asc(ledgerEntriesView.id)),
    db.select().from(providerOperationsView).where(eq(providerOperationsView.bookingId, bookingId)).orderBy(asc(providerOperationsView.id)),
    fixerStrikesOf(db, booking.fixerUserId),
    donePhotosOf(db, bookingId),
    caseOf(db, bookingId),
    casePhotosOf(db, bookingId),
    bookingAddressOf(db, bookingId),
    extrasOf(db, bookingId),
  ]);
  // One event per movement, its entries beneath it (they sum to zero).
  const ledger: { id: number; kind: string; createdAt: Date; entries: { account: string; amountPence: number }[] }[] = [];
  for (const e of entries) {
    const last = ledger.at(-1);
    if (last?.id === e.eventId) last.entries.push({ account: e.account, amountPence: e.amountPence });
    else ledger.push({ id: e.eventId, kind: e.kind, createdAt: e.createdAt, entries: [{ account: e.account, amountPence: e.amountPence }] });
  }
  const decisions = (["staff_release", "staff_release_part", "staff_refund"] as const).filter((name) => canTake(name, booking.state, "staff"));
  // FixiT's income from this booking (decision 078): gross = its fees and service charge, net = less what Stripe kept as its fees.
  const sumOf = (code: string) => entries.reduce((sum, e) => (e.account === code ? sum + e.amountPence : sum), 0);
  const platformFeesPence = sumOf(ACCOUNTS.platformFees);
  const providerFeesPence = -sumOf(ACCOUNTS.providerFees);
  return {
    booking,
    stateSentence: STATE_LABELS[booking.state],
    title: job?.title ?? `Booking ${booking.id}`,
    jobId: job?.id ?? null,
    customer: customer ? { id: customer.id, email: customer.email, name: customer.name || customer.fallback } : null,
    fixer: fixer ?? null,
    donePhotos,
    /** The case (decision 064): the customer's claim and the fixer's answer, with each side's photos. */
    bookingCase,
    casePhotos,
    address,
    timeline,
    ledger,
    operations,
    strikes,
    /** Extra charges the fixer asked for (decision 084), each with its own checkout; their money is in the ledger above. */
    extras: extras.map((extra) => ({ ...extraView(extra), paymentId: extra.paymentId })),
    canDecide: decisions.length > 0 && booking.releaseFrozenAt === null,
    income: { grossPence: platformFeesPence, providerFeesPence, netPence: platformFeesPence - providerFeesPence, lossesPence: -sumOf(ACCOUNTS.platformLosses) },
  };
}

const strikeLabels: Record<string, string> = { fixer_cancelled: "Fixer cancelled", no_show: "No-show reported" };

/** A fixer's strikes, newest first, with their status and whether each counts (upheld or not contested, not lifted, within the window; decision 064). */
export async function fixerStrikesOf(db: Db, fixerUserId: string) {
  const rows = await db.select().from(fixerStrikesView).where(eq(fixerStrikesView.fixerUserId, fixerUserId)).orderBy(desc(fixerStrikesView.createdAt), desc(fixerStrikesView.id));
  const now = new Date();
  return rows.map((s) => ({ ...s, label: strikeLabels[s.reason] ?? s.reason, counts: strikeCounts(s, now) }));
}

const problemOf: Record<RefusalCode, StaffProblem> = { not_found: "not-found", forbidden: "forbidden", conflict: "conflict", limit: "conflict", invalid: "invalid", rate_limited: "conflict" };

const decisionOf = (input: BookingDecisionInput): StaffDecision =>
  input.decision === "partial" ? { kind: "partial", releasePricePence: input.releasePricePence! } : { kind: input.decision };

const decidedText: Record<BookingDecisionInput["decision"], string> = {
  release: "The fixer is paid in full.",
  partial: "Part is paid to the fixer and the rest refunded to the customer.",
  refund: "The customer is refunded in full.",
};

/** Staff decide a disputed or unanswered booking; both sides are emailed the decision and its reason. */
export async function decideBooking(deps: Deps, actor: StaffUser, bookingId: number, input: BookingDecisionInput): Promise<StaffOutcome> {
  try {
    await staffDecide(deps, { userId: actor.id, email: actor.email }, bookingId, decisionOf(input), { reason: input.reason });
    return done("Decision made", `${decidedText[input.decision]} Both sides have been emailed the decision and its reason.`);
  } catch (error) {
    if (isRefusalError(error)) return refused(problemOf[error.code], "Nothing was decided", error.message);
    throw error;
  }
}

/** Lifts one of the fixer's strikes (it no longer counts towards pausing leads); audited with the reason. */
export async function liftStrike(db: Db, actor: StaffUser, fixerUserId: string, strikeId: number, reason: string): Promise<StaffOutcome> {
  if (actor.id === fixerUserId) return refused("invalid", "Not allowed", "You cannot lift your own strike.");
  return db.transaction(async (tx) => {
    const lift = await liftStrikeRow(tx, fixerUserId, strikeId, actor.id);
    if ("refused" in lift) {
      return lift.refused === "lifted" ? refused("conflict", "Already lifted", "This strike was already lifted; nothing changed.") : refused("not-found", "Not found", "This fixer has no such strike.");
    }
    const lifted = lift.lifted;
    await recordStaffAction(tx, actorOf(actor), { action: "fixer.strike_lift", targetType: "user", targetId: fixerUserId, details: { strikeId, bookingId: lifted.bookingId, strike: lifted.reason, reason } });
    return done("Strike lifted", "It no longer counts towards pausing the fixer's leads. If their leads are paused, turn them back on below once you have reviewed the account.");
  });
}
