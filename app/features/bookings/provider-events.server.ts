import { randomUUID } from "node:crypto";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { bookings, ledgerAccounts, ledgerEntries, ledgerEvents, payoutAccounts, providerObjects, providerOperations, type Booking } from "#server/db/schema/bookings.ts";
import { paymentIdOfIntent } from "~/features/payments/booking-payments.server.ts";
import { accountsView } from "~/features/auth/projections.server";
import { company } from "~/content/company";
import { formatGBP } from "~/content/prices";
import { notify } from "~/features/notifications/notifications.server";
import { closeCaseByProvider } from "./case-records.server";
import { ACCOUNTS, postLedgerEvent } from "./ledger.server";
import { settleExtras } from "./money.server";
import { heldPence, settle } from "./pricing";
import { payoutPaths } from "./payouts";
import { operationStart } from "./provider-operation-machine";
import { move } from "./process.server";
import { lockBooking, recordOnTimeline } from "./transition.server";
import type { BookingState } from "./state-machine";

/**
 * What the payment provider tells us about booking money after the fact (decision 078): card disputes
 * (chargebacks) and their fees, refunds made outside FixiT (the Stripe dashboard), transfers reversed,
 * and payouts from a fixer's connected account to their bank. Each object's newest state is kept once
 * (`provider_objects`, ordered by event time and status rank); every ledger movement has a key naming
 * the provider object it comes from and is written in the transaction that records the object, so a
 * delivery that is repeated, late or out of order ends in the same state and moves nothing twice.
 */

export const BOOKING_PROVIDER_EVENTS: ReadonlySet<string> = new Set(["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed", "charge.refunded", "transfer.reversed"]);
/** Connected accounts' events (Stripe's "Events on Connected accounts"): the fixer's payouts to their bank. */
export const PAYOUT_PROVIDER_EVENTS: ReadonlySet<string> = new Set(["payout.paid", "payout.failed"]);

/** A dispute in one of these statuses no longer stops a release (the bank decided for FixiT, or it was only a warning). */
const DISPUTE_SETTLED_FOR_US = ["won", "warning_closed"];
/** Closed statuses outrank open ones reported in the same second. */
const CLOSED_DISPUTE = new Set(["won", "lost", "warning_closed"]);
/** While the booking's money is held: a lost chargeback or a full dashboard refund settles it (the machine's lose_chargeback and dashboard_refund). */
const HELD_STATES: readonly BookingState[] = ["awaiting_fixer_confirmation", "booked", "done_marked", "disputed", "staff_review", "claim_open", "claim_contested"];

/** The reason a refund made in the Stripe dashboard carries on the booking's timeline. */
export const DASHBOARD_REFUND_REASON = "Refunded in the Stripe dashboard";

export type ProviderBalanceTransaction = { id: string; fee?: number | null };
export type ProviderRefund = { id: string; amount: number; status: string | null; metadata?: Record<string, string> | null };

export type ProviderEvent = {
  id: string;
  type: string;
  /** Seconds since the epoch, as the provider stamps its events. */
  created: number;
  /** The connected account the event happened on (payouts), null for the platform's own. */
  account?: string | null;
  object: {
    id: string;
    status?: string | null;
    amount?: number | null;
    payment_intent?: string | { id: string } | null;
    /** A charge's refunds (Stripe: listed by the webhook's handler, since events no longer carry them). */
    refunds?: { data: ProviderRefund[] } | null;
    /** A dispute's balance transactions: the amount taken (or returned) and Stripe's dispute fee. */
    balance_transactions?: ProviderBalanceTransaction[] | null;
    /** A transfer's total reversed so far. */
    amount_reversed?: number | null;
    /** A payout's failure, in Stripe's words. */
    failure_message?: string | null;
    failure_code?: string | null;
  };
};

/** Finds our payment id from the provider's PaymentIntent id (Stripe: its metadata.payment_id). */
export type PaymentIdResolver = (paymentIntentId: string) => Promise<string | null>;
export type ProviderEventDeps = { resolvePaymentId: PaymentIdResolver; publicUrl: string; now?: () => Date };

type Outcome = "ignored" | "recorded";

export async function handleBookingProviderEvent(db: Db, event: ProviderEvent, deps: ProviderEventDeps): Promise<Outcome> {
  if (PAYOUT_PROVIDER_EVENTS.has(event.type)) return handlePayoutEvent(db, event, deps);
  if (!BOOKING_PROVIDER_EVENTS.has(event.type)) return "ignored";
  if (event.type === "transfer.reversed") return handleTransferReversed(db, event);
  const bookingId = await bookingOfCharge(db, event, deps.resolvePaymentId);
  if (bookingId === null) return "ignored";
  return event.type === "charge.refunded" ? handleRefunds(db, bookingId, event, deps) : handleDispute(db, bookingId, event, deps);
}

/** The booking a charge event is about: by the PaymentIntent id kept at fulfilment, else asked of the provider. */
async function bookingOfCharge(db: Db, event: ProviderEvent, resolvePaymentId: PaymentIdResolver): Promise<number | null> {
  const intent = typeof event.object.payment_intent === "string" ? event.object.payment_intent : event.object.payment_intent?.id;
  if (!intent) return null;
  const paymentId = (await paymentIdOfIntent(db, intent)) ?? (await resolvePaymentId(intent));
  if (!paymentId) return null;
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.paymentId, paymentId));
  return booking?.id ?? null;
}

/** Keeps the object's newest reported state (a delivery not newer than the kept one changes nothing); answers the kept row. */
async function keepObject(tx: DbOrTx, object: { id: string; kind: string; bookingId: number | null; status: string; amountPence: number; orderKey: number }) {
  await tx
    .insert(providerObjects)
    .values(object)
    .onConflictDoUpdate({
      target: providerObjects.id,
      set: { status: object.status, amountPence: object.amountPence, orderKey: object.orderKey, updatedAt: new Date() },
      setWhere: sql`${providerObjects.orderKey} < ${object.orderKey}`,
    });
  const [kept] = await tx.select().from(providerObjects).where(eq(providerObjects.id, object.id));
  return kept!;
}

/** A provider fee (or a fee returned, negative) from one balance transaction, once per transaction id. */
export async function recordProviderFee(tx: DbOrTx, bookingId: number | null, kind: string, txn: ProviderBalanceTransaction): Promise<void> {
  const fee = txn.fee ?? 0;
  if (!Number.isSafeInteger(fee) || fee === 0) return;
  await postLedgerEvent(tx, {
    kind,
    bookingId,
    idempotencyKey: `provider-fee-${txn.id}`,
    entries: [
      { account: ACCOUNTS.providerFees, amountPence: -fee },
      { account: ACCOUNTS.customerPayments, amountPence: fee },
    ],
  });
}

async function handleDispute(db: Db, bookingId: number, event: ProviderEvent, deps: ProviderEventDeps): Promise<Outcome> {
  const status = event.object.status ?? "unknown";
  const amountPence = event.object.amount ?? 0;
  const now = deps.now?.() ?? new Date();
  await db.transaction(async (tx) => {
    let booking = await lockBooking(tx, bookingId);
    const orderKey = event.created * 10 + (CLOSED_DISPUTE.has(status) ? 2 : 1);
    const kept = await keepObject(tx, { id: event.object.id, kind: "dispute", bookingId, status, amountPence, orderKey });
    await recordOnTimeline(tx, booking, "card_dispute", { role: "provider", userId: null }, {
      key: `provider-${event.object.id}-${status}`,
      details: { status, amountPence, eventId: event.id },
    });
    // Stripe's dispute fee (£20 in the UK) and any fee returned: whichever delivery carries the transactions first.
    for (const txn of event.object.balance_transactions ?? []) await recordProviderFee(tx, bookingId, "dispute_fee", txn);
    if (kept.status === "lost") booking = await loseChargeback(tx, booking, kept.id, kept.amountPence, deps.publicUrl, now);
    // Frozen while a dispute is open: neither decided for FixiT nor lost (a lost one has settled the money itself).
    const [open] = await tx
      .select({ id: providerObjects.id })
      .from(providerObjects)
      .where(and(eq(providerObjects.bookingId, bookingId), eq(providerObjects.kind, "dispute"), notInArray(providerObjects.status, [...DISPUTE_SETTLED_FOR_US, "lost"])))
      .limit(1);
    await tx
      .update(bookings)
      .set({ releaseFrozenAt: open ? sql`coalesce(${bookings.releaseFrozenAt}, now())` : null })
      .where(eq(bookings.id, bookingId));
  });
  return "recorded";
}

/**
 * A dispute lost at the card network (decision 078). Money still held: it goes back to the card
 * through the dispute, the fixer is not paid, and the booking closes as chargeback_lost. Money already
 * released (or otherwise settled): FixiT bears the loss as merchant of record; the fixer keeps what
 * was released. One ledger event either way, keyed by the dispute.
 */
async function loseChargeback(tx: DbOrTx, booking: Booking, disputeId: string, disputedPence: number, publicUrl: string, now: Date): Promise<Booking> {
  const taken = Math.min(Math.max(disputedPence, 0), booking.totalPence);
  const key = `dispute-${disputeId}-lost`;
  if (HELD_STATES.includes(booking.state)) {
    const split = settle(booking, { kind: "refund" });
    const posted = await postLedgerEvent(tx, {
      kind: "chargeback_from_held",
      bookingId: booking.id,
      idempotencyKey: key,
      entries: [
        { account: ACCOUNTS.heldFunds, amountPence: -heldPence(booking) },
        // The bank returned `taken` to the card; a part of the charge it did not take is owed back to the customer.
        { account: ACCOUNTS.customerPayments, amountPence: taken },
        { account: ACCOUNTS.refunds, amountPence: split.refundPence - taken },
        { account: ACCOUNTS.customerCredit(booking.customerUserId), amountPence: split.creditReturnedPence },
        { account: ACCOUNTS.promotions, amountPence: split.promotionsPence },
      ],
    });
    if (!posted) return booking;
    const closed = await move(tx, booking, "lose_chargeback", { role: "provider", userId: null }, {
      now,
      publicUrl,
      reason: "The customer's bank decided the card dispute for the customer: the payment went back to the card.",
      details: { disputeId, amountPence: taken, bornBy: "customer_card_refunded_fixer_unpaid" },
      set: { settledAt: now },
      input: { amountPence: taken },
    });
    // The booking's own charge went back through the dispute; its paid extras (their own charges) are refunded with it (decision 084).
    await settleExtras(tx, closed, "lose_chargeback", "refund");
    await closeCaseByProvider(tx, closed, "lose_chargeback", publicUrl, now);
    return closed;
  }
  const posted = await postLedgerEvent(tx, {
    kind: "chargeback_borne_by_fixit",
    bookingId: booking.id,
    idempotencyKey: key,
    entries: [
      { account: ACCOUNTS.customerPayments, amountPence: taken },
      { account: ACCOUNTS.platformLosses, amountPence: -taken },
    ],
  });
  if (posted) {
    await recordOnTimeline(tx, booking, "chargeback_lost", { role: "provider", userId: null }, {
      key,
      reason: `The customer's bank took ${formatGBP(taken)} back through a card dispute after the booking was settled: ${company.brand} bears it.`,
      details: { disputeId, amountPence: taken, bornBy: "fixit" },
    });
  }
  return booking;
}

/**
 * A charge's refunds as the provider lists them. FixiT's own carry its metadata (booking_id) and are
 * already provider operations. Any other is a refund made in the Stripe dashboard: recorded as a
 * succeeded refund operation (so nothing refunds it again and the reconciliation knows it) with its
 * ledger entries, and, when it refunds the whole charge while the money is held, the booking is
 * settled as a staff refund (dashboard_refund). Otherwise FixiT bears it (platform_losses).
 */
async function handleRefunds(db: Db, bookingId: number, event: ProviderEvent, deps: ProviderEventDeps): Promise<Outcome> {
  const now = deps.now?.() ?? new Date();
  await db.transaction(async (tx) => {
    let booking = await lockBooking(tx, bookingId);
    for (const refund of event.object.refunds?.data ?? []) {
      const status = refund.status ?? "unknown";
      await keepObject(tx, { id: refund.id, kind: "refund", bookingId, status, amountPence: refund.amount, orderKey: event.created * 10 + 1 });
      await recordOnTimeline(tx, booking, "provider_refund", { role: "provider", userId: null }, {
        key: `provider-${refund.id}-${status}`,
        details: { status, amountPence: refund.amount, eventId: event.id },
      });
      const ours = Boolean(refund.metadata?.booking_id) || (await tx.select({ id: providerOperations.id }).from(providerOperations).where(eq(providerOperations.providerObjectId, refund.id))).length > 0;
      if (ours || status === "failed" || status === "canceled" || !Number.isSafeInteger(refund.amount) || refund.amount <= 0) continue;
      booking = await recordDashboardRefund(tx, booking, refund, deps.publicUrl, now);
    }
  });
  return "recorded";
}

async function recordDashboardRefund(tx: DbOrTx, booking: Booking, refund: ProviderRefund, publicUrl: string, now: Date): Promise<Booking> {
  const key = `dashboard-refund-${refund.id}`;
  const [op] = await tx
    .insert(providerOperations)
    .values({ idempotencyKey: key, providerIdempotencyKey: randomUUID(), kind: "refund", bookingId: booking.id, provider: "stripe", amountPence: refund.amount, paymentId: booking.paymentId, status: operationStart("record_dashboard_refund", "provider"), providerObjectId: refund.id, attempts: 0, completedAt: now })
    .onConflictDoNothing({ target: providerOperations.idempotencyKey })
    .returning({ id: providerOperations.id });
  if (!op) return booking; // recorded by an earlier delivery
  let updated = booking;
  if (HELD_STATES.includes(booking.state) && refund.amount === booking.totalPence) {
    // The whole charge, while held: as a staff refund would settle it, the refund itself already made.
    const split = settle(booking, { kind: "refund" });
    await postLedgerEvent(tx, {
      kind: "settle_dashboard_refund",
      bookingId: booking.id,
      idempotencyKey: `booking-${booking.id}-dashboard_refund-settle`,
      entries: [
        { account: ACCOUNTS.heldFunds, amountPence: -heldPence(booking) },
        { account: ACCOUNTS.refunds, amountPence: split.refundPence },
        { account: ACCOUNTS.customerCredit(booking.customerUserId), amountPence: split.creditReturnedPence },
        { account: ACCOUNTS.promotions, amountPence: split.promotionsPence },
      ],
    });
    updated = await move(tx, booking, "dashboard_refund", { role: "provider", userId: null }, {
      now,
      publicUrl,
      reason: DASHBOARD_REFUND_REASON,
      details: { refundId: refund.id, amountPence: refund.amount },
      set: { settledAt: now },
      input: { amountPence: refund.amount },
    });
    await settleExtras(tx, updated, "dashboard_refund", "refund");
    await closeCaseByProvider(tx, updated, "dashboard_refund", publicUrl, now);
  } else {
    // Part of the charge, or after the money left FixiT's hands: FixiT's own money; the fixer's share is untouched.
    await postLedgerEvent(tx, {
      kind: "dashboard_refund_borne_by_fixit",
      bookingId: booking.id,
      idempotencyKey: `${key}-cost`,
      entries: [
        { account: ACCOUNTS.platformLosses, amountPence: -refund.amount },
        { account: ACCOUNTS.refunds, amountPence: refund.amount },
      ],
    });
    await recordOnTimeline(tx, booking, "dashboard_refund", { role: "provider", userId: null }, { key, reason: DASHBOARD_REFUND_REASON, details: { refundId: refund.id, amountPence: refund.amount, bornBy: "fixit" } });
  }
  await postLedgerEvent(tx, {
    kind: "refund_paid",
    bookingId: booking.id,
    idempotencyKey: `${key}-done`,
    entries: [
      { account: ACCOUNTS.refunds, amountPence: -refund.amount },
      { account: ACCOUNTS.customerPayments, amountPence: refund.amount },
    ],
  });
  return updated;
}

/**
 * A transfer to a fixer reversed at Stripe (`transfer.reversed`; amount_reversed is the running total,
 * so only what grew is recorded, and a late or repeated delivery moves nothing). The money is owed to
 * the fixer again (a ledger event of the fixer's, like a failed payout), unless FixiT already bore a
 * lost chargeback on the booking: then it makes good FixiT's loss, on the booking's ledger (decision
 * 078). Staff see it on the booking's timeline either way.
 */
async function handleTransferReversed(db: Db, event: ProviderEvent): Promise<Outcome> {
  const transferId = event.object.id;
  const [op] = await db.select().from(providerOperations).where(and(eq(providerOperations.providerObjectId, transferId), eq(providerOperations.kind, "transfer")));
  if (!op?.fixerUserId) return "ignored";
  const reversed = Math.min(event.object.amount_reversed ?? 0, op.amountPence);
  if (!Number.isSafeInteger(reversed) || reversed <= 0) return "ignored";
  await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, op.bookingId);
    const [before] = await tx.select({ amountPence: providerObjects.amountPence }).from(providerObjects).where(eq(providerObjects.id, transferId));
    const already = before?.amountPence ?? 0;
    if (reversed <= already) return;
    await keepObject(tx, { id: transferId, kind: "transfer_reversal", bookingId: booking.id, status: reversed >= op.amountPence ? "reversed" : "partly_reversed", amountPence: reversed, orderKey: reversed });
    const delta = reversed - already;
    const [lost] = await tx
      .select({ id: ledgerEvents.id })
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.bookingId, booking.id), eq(ledgerEvents.kind, "chargeback_borne_by_fixit")))
      .limit(1);
    const owedTo = lost ? ACCOUNTS.platformLosses : ACCOUNTS.fixerPayable(op.fixerUserId!);
    const key = `transfer-${transferId}-reversed-${reversed}`;
    await postLedgerEvent(tx, {
      kind: "transfer_reversed",
      // Owed to the fixer again is the fixer's, not the booking's: on the booking it would read as earned twice
      // (the earnings page counts a booking's credits to the payable account). FixiT's recovery stays on the booking.
      bookingId: lost ? booking.id : null,
      idempotencyKey: key,
      entries: [
        { account: ACCOUNTS.fixerPayouts, amountPence: -delta },
        { account: owedTo, amountPence: delta },
      ],
    });
    await recordOnTimeline(tx, booking, "transfer_reversed", { role: "provider", userId: null }, {
      key,
      reason: lost ? `${formatGBP(delta)} of the fixer's transfer came back: it covers the lost card dispute.` : `${formatGBP(delta)} of the fixer's transfer came back: it is owed to the fixer again.`,
      details: { transferId, amountPence: delta, reversedPence: reversed, owedTo: lost ? "platform" : "fixer", eventId: event.id },
    });
  });
  return "recorded";
}

/** A payout's statuses by rank: a failure reported after "paid" (banks return payouts days later) outranks it. */
const PAYOUT_RANK: Record<string, number> = { paid: 1, failed: 2 };

/**
 * A payout from a fixer's connected account to their bank (Connect: the event names the account).
 * Failed: the money is back in the fixer's Stripe balance, so the ledger shows it owed to the fixer
 * again, the payout account needs their attention, and they are told to fix their bank details.
 * Paid: recorded; it makes good what earlier failed payouts returned, and clears the attention.
 */
async function handlePayoutEvent(db: Db, event: ProviderEvent, deps: ProviderEventDeps): Promise<Outcome> {
  const status = event.type === "payout.failed" ? "failed" : "paid";
  if (!event.account) return "ignored";
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.providerAccountId, event.account));
  if (!account) return "ignored";
  const amount = event.object.amount ?? 0;
  if (!Number.isSafeInteger(amount) || amount <= 0) return "ignored";
  const fixer = account.fixerUserId;
  const payoutId = event.object.id;
  const at = new Date(event.created * 1000);
  await db.transaction(async (tx) => {
    // One fixer's payouts one at a time: what failed payouts returned is read and made good under the lock.
    await tx.select({ id: payoutAccounts.fixerUserId }).from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, fixer)).for("update");
    const kept = await keepObject(tx, { id: payoutId, kind: "payout", bookingId: null, status, amountPence: amount, orderKey: event.created * 10 + (PAYOUT_RANK[status] ?? 0) });
    if (kept.status !== status) return; // an older report than the one kept
    if (status === "failed") {
      const posted = await postLedgerEvent(tx, {
        kind: "payout_failed",
        bookingId: null,
        idempotencyKey: `payout-${payoutId}-failed`,
        entries: [
          { account: ACCOUNTS.fixerPayouts, amountPence: -amount },
          { account: ACCOUNTS.fixerPayable(fixer), amountPence: amount },
        ],
      });
      if (!posted) return;
      const failure = (event.object.failure_message ?? "").slice(0, 500) || "Your bank did not accept the payment.";
      await tx.update(payoutAccounts).set({ payoutFailedAt: at, payoutFailure: failure }).where(eq(payoutAccounts.fixerUserId, fixer));
      const [person] = await tx.select({ email: accountsView.email, name: accountsView.name }).from(accountsView).where(eq(accountsView.id, fixer));
      if (person?.email) {
        const link = payoutPaths.page;
        const url = `${deps.publicUrl}${link}`;
        await notify(tx, {
          userId: fixer,
          kind: "booking",
          title: "A payout to your bank failed: check your bank details",
          link,
          email: {
            to: person.email,
            subject: "A payout to your bank failed",
            publicUrl: deps.publicUrl,
            replyTo: company.supportEmail,
            required: true,
            content: {
              preheader: "Update your bank details to receive your money",
              heading: "A payout to your bank failed",
              paragraphs: [
                person.name ? `Hi ${person.name},` : "Hello,",
                `Your bank returned a payout of ${formatGBP(amount)}. ${failure}`,
                "The money is safe and still yours. Update your bank details from your payouts page, and it is paid out again once they are correct.",
              ],
              action: { label: "Update your bank details", url },
              reason: `You are receiving this email because you receive payouts from ${company.brand} as a fixer.`,
            },
          },
        });
      }
      return;
    }
    // Paid: makes good what failed payouts returned to "owed" and nothing paid since has made good.
    const [returned] = await tx
      .select({ pence: sql<string>`coalesce(sum(${ledgerEntries.amountPence}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerEvents, eq(ledgerEvents.id, ledgerEntries.eventId))
      .where(and(eq(ledgerAccounts.code, ACCOUNTS.fixerPayable(fixer)), inArray(ledgerEvents.kind, ["payout_failed", "payout_made_good"])));
    const madeGood = Math.min(amount, Number(returned?.pence ?? 0));
    if (madeGood > 0) {
      await postLedgerEvent(tx, {
        kind: "payout_made_good",
        bookingId: null,
        idempotencyKey: `payout-${payoutId}-paid`,
        entries: [
          { account: ACCOUNTS.fixerPayable(fixer), amountPence: -madeGood },
          { account: ACCOUNTS.fixerPayouts, amountPence: madeGood },
        ],
      });
    }
    await tx
      .update(payoutAccounts)
      .set({ payoutFailedAt: null, payoutFailure: null })
      .where(and(eq(payoutAccounts.fixerUserId, fixer), sql`${payoutAccounts.payoutFailedAt} < ${at.toISOString()}::timestamptz`));
  });
  return "recorded";
}
