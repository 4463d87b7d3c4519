import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { bookingExtras } from "#server/db/schema/booking-extras.ts";
import { bookings, payoutAccounts, providerOperations, type Booking, type ProviderOperation } from "#server/db/schema/bookings.ts";
import { paymentColumns } from "~/features/payments/booking-payments.server.ts";
import { enqueueJob, enqueueJobs } from "#server/jobs/queue.ts";
import { BookingError } from "./errors";
import { extraMove } from "./extras-machine";
import { ACCOUNTS, postLedgerEvent } from "./ledger.server";
import { payoutAccountMove, payoutAccountStart } from "./payout-account-machine";
import { canMoveOperation, operationMove, operationStart } from "./provider-operation-machine";
import { heldPence, settle, type Settlement, type SettlementOutcome } from "./pricing";
import { transferGroupOf, type BookingMoneyProvider } from "./provider.server";
import { recordOnTimeline } from "./transition.server";

/**
 * Where booking money goes (decision 044): settlements written to the ledger in the transition's
 * transaction, and the provider operations (refunds, transfers) they need, named by the booking id and
 * the transition and carried out afterwards by the job queue, each under the random provider key
 * stored with it (decision 076).
 */

export const BOOKING_PROVIDER_JOB = "booking_provider_operation";
export type ProviderJobPayload = { operationId: number };
/** Checks whether a transfer's funds (its charge's) are available yet: queued for when Stripe expects them (decision 076). */
export const TRANSFER_FUNDS_JOB = "booking_transfer_funds";
export type TransferFundsPayload = { operationId: number; early?: boolean };
/** A check that finds the funds still pending looks again this long after Stripe's new estimate (or after now, if that passed). */
const FUNDS_RECHECK_MS = 6 * 3_600_000;

/** Splits what a booking holds by `outcome`: one ledger event, then the refund and the transfer it needs. */
export async function settleBooking(tx: DbOrTx, booking: Booking, transition: string, outcome: SettlementOutcome): Promise<Settlement> {
  const split = settle(booking, outcome);
  const key = `booking-${booking.id}-${transition}`;
  await postLedgerEvent(tx, {
    kind: `settle_${transition}`,
    bookingId: booking.id,
    idempotencyKey: `${key}-settle`,
    entries: [
      { account: ACCOUNTS.heldFunds, amountPence: -heldPence(booking) },
      { account: ACCOUNTS.fixerPayable(booking.fixerUserId), amountPence: split.fixerPayablePence },
      { account: ACCOUNTS.platformFees, amountPence: split.platformFeesPence },
      { account: ACCOUNTS.refunds, amountPence: split.refundPence },
      { account: ACCOUNTS.customerCredit(booking.customerUserId), amountPence: split.creditReturnedPence },
      { account: ACCOUNTS.promotions, amountPence: split.promotionsPence },
    ],
  });
  if (split.refundPence > 0) await queueRefund(tx, { bookingId: booking.id, paymentId: booking.paymentId, idempotencyKey: `${key}-refund`, amountPence: split.refundPence });
  if (split.fixerPayablePence > 0) await queueTransfer(tx, booking, booking.paymentId, `${key}-transfer`, split.fixerPayablePence);
  await settleExtras(tx, booking, transition, outcome.kind === "release" ? "release" : "refund");
  return split;
}

/**
 * The booking's extra charges settle with it (decision 084): a release pays the fixer each paid extra's
 * net (FixiT keeps its fee and charge), every other outcome (a refund, a cancellation, a no-show, a part
 * release, a card dispute lost) refunds each paid extra in full to the card that paid it. An extra not
 * yet answered or paid is withdrawn: nothing is charged for it. One ledger event per extra, in the
 * caller's transaction; the refunds and transfers are provider operations named by the extra.
 */
export async function settleExtras(tx: DbOrTx, booking: Booking, transition: string, outcome: "release" | "refund"): Promise<void> {
  const now = new Date();
  const withdraw = extraMove("withdraw", "system");
  await tx
    .update(bookingExtras)
    .set({ state: withdraw.to, updatedAt: now })
    .where(and(eq(bookingExtras.bookingId, booking.id), inArray(bookingExtras.state, withdraw.from)));
  const settle = extraMove(outcome, "system");
  const settled = await tx
    .update(bookingExtras)
    .set({ state: settle.to, settledAt: now, updatedAt: now })
    .where(and(eq(bookingExtras.bookingId, booking.id), inArray(bookingExtras.state, settle.from)))
    .returning();
  for (const extra of settled.sort((a, b) => a.id - b.id)) {
    const key = `booking-${booking.id}-${transition}-extra-${extra.id}`;
    const released = outcome === "release";
    await postLedgerEvent(tx, {
      kind: `settle_extra_${transition}`,
      bookingId: booking.id,
      idempotencyKey: `${key}-settle`,
      entries: released
        ? [
            { account: ACCOUNTS.heldFunds, amountPence: -extra.totalPence },
            { account: ACCOUNTS.fixerPayable(booking.fixerUserId), amountPence: extra.fixerNetPence },
            { account: ACCOUNTS.platformFees, amountPence: extra.customerFeePence + extra.fixerChargePence },
          ]
        : [
            { account: ACCOUNTS.heldFunds, amountPence: -extra.totalPence },
            { account: ACCOUNTS.refunds, amountPence: extra.totalPence },
          ],
    });
    if (released) await queueTransfer(tx, booking, extra.paymentId, `${key}-transfer`, extra.fixerNetPence);
    else await queueRefund(tx, { bookingId: booking.id, paymentId: extra.paymentId, idempotencyKey: `${key}-refund`, amountPence: extra.totalPence });
  }
}

/**
 * Queues a refund to the card that paid `paymentId`. Refused: an amount that is not a whole positive
 * number of pence, a payment that was not paid, and refunds adding up to more than was paid. The
 * caller holds the booking's row lock, so two refunds of one payment are checked one after the other.
 */
export async function queueRefund(tx: DbOrTx, input: { bookingId: number; paymentId: string | null; idempotencyKey: string; amountPence: number }): Promise<void> {
  const { amountPence } = input;
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0) throw new BookingError("invalid", "A refund must be a whole, positive number of pence.");
  if (!input.paymentId) throw new BookingError("conflict", "This booking has no payment to refund.");
  const payment = await paymentColumns(tx, input.paymentId, ["amountPence", "status", "provider"]);
  if (!payment || payment.status !== "paid") throw new BookingError("conflict", "Only a payment that was taken can be refunded.");
  const [already] = await tx
    .select({ total: sql<string>`coalesce(sum(${providerOperations.amountPence}), 0)` })
    .from(providerOperations)
    .where(and(eq(providerOperations.paymentId, input.paymentId), eq(providerOperations.kind, "refund")));
  if (Number(already?.total ?? 0) + amountPence > payment.amountPence) throw new BookingError("conflict", "A refund cannot be more than what was paid.");
  const [op] = await tx
    .insert(providerOperations)
    .values({
      idempotencyKey: input.idempotencyKey,
      providerIdempotencyKey: randomUUID(),
      kind: "refund",
      bookingId: input.bookingId,
      provider: payment.provider,
      amountPence,
      paymentId: input.paymentId,
      status: operationStart("queue", "system", "pending"),
    })
    .returning({ id: providerOperations.id });
  await enqueueJob(tx, BOOKING_PROVIDER_JOB, { operationId: op!.id } satisfies ProviderJobPayload, { maxAttempts: 30 });
}

/** Queues a transfer to the fixer from `paymentId`'s charge (the booking's, or an extra's), or leaves it waiting until the fixer has an active payout account. */
async function queueTransfer(tx: DbOrTx, booking: Booking, paymentId: string | null, idempotencyKey: string, amountPence: number): Promise<void> {
  const [account] = await tx.select({ provider: payoutAccounts.provider, status: payoutAccounts.status }).from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, booking.fixerUserId));
  const ready = account?.status === "active";
  const payment = paymentId ? await paymentColumns(tx, paymentId, ["provider"]) : undefined;
  const [op] = await tx
    .insert(providerOperations)
    .values({
      idempotencyKey,
      providerIdempotencyKey: randomUUID(),
      kind: "transfer",
      bookingId: booking.id,
      provider: payment?.provider ?? account?.provider ?? "test",
      amountPence,
      fixerUserId: booking.fixerUserId,
      paymentId,
      status: operationStart("queue", "system", ready ? "pending" : "waiting_for_account"),
    })
    .returning({ id: providerOperations.id });
  if (ready) await enqueueJob(tx, BOOKING_PROVIDER_JOB, { operationId: op!.id } satisfies ProviderJobPayload, { maxAttempts: 30 });
}

/**
 * Connects (or updates) a fixer's payout account. Once it is active, every transfer that waited for
 * it is queued, in the same transaction.
 */
export async function savePayoutAccount(db: Db, fixerUserId: string, account: { provider: "test" | "stripe"; providerAccountId: string; active: boolean }): Promise<{ queuedTransfers: number }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [connected] = await tx
      .insert(payoutAccounts)
      .values({
        fixerUserId,
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        status: payoutAccountStart("connect", "provider", account.active ? "active" : "pending"),
        activatedAt: account.active ? now : null,
      })
      .onConflictDoNothing({ target: payoutAccounts.fixerUserId })
      .returning({ fixerUserId: payoutAccounts.fixerUserId });
    if (!connected) {
      // The account exists: activate or deactivate it, only from the state that move starts from.
      const move = payoutAccountMove(account.active ? "activate" : "deactivate", "provider");
      // Refused (already in that state: a repeated report, or a race another request won), nothing
      // changes, the provider id neither; an active account still queues any transfer left waiting.
      await tx
        .update(payoutAccounts)
        .set({ provider: account.provider, providerAccountId: account.providerAccountId, status: move.to, activatedAt: account.active ? sql`coalesce(${payoutAccounts.activatedAt}, now())` : null })
        .where(and(eq(payoutAccounts.fixerUserId, fixerUserId), inArray(payoutAccounts.status, move.from)));
    }
    return { queuedTransfers: account.active ? await releaseWaitingTransfers(tx, fixerUserId) : 0 };
  });
}

/** The fixer's account is active: every transfer that waited for it is queued (the machine's account_ready). */
async function releaseWaitingTransfers(tx: DbOrTx, fixerUserId: string): Promise<number> {
  const ready = operationMove("account_ready", "system");
  const released = await tx
    .update(providerOperations)
    .set({ status: ready.to })
    .where(and(eq(providerOperations.fixerUserId, fixerUserId), eq(providerOperations.kind, "transfer"), inArray(providerOperations.status, ready.from)))
    .returning({ id: providerOperations.id });
  await enqueueJobs(tx, released.map((r) => ({ kind: BOOKING_PROVIDER_JOB, payload: { operationId: r.id } satisfies ProviderJobPayload, maxAttempts: 30 })));
  return released.length;
}

/**
 * Carries out one provider operation: calls the provider with the operation's stored provider key, then
 * in one transaction marks it succeeded (once: a conditional update) and writes the payout or refund
 * to the ledger. If the process dies after the call and before the commit, the job runs again and the
 * provider answers the same key with the same transfer or refund: nothing lost, nothing doubled.
 */
export async function runProviderOperation(deps: { db: Db; provider: BookingMoneyProvider }, operationId: number): Promise<ProviderOperation["status"] | "missing"> {
  const { db, provider } = deps;
  const [op] = await db.select().from(providerOperations).where(eq(providerOperations.id, operationId));
  if (!op) return "missing";
  // Made already (a repeated job), or waiting for the fixer's account: nothing to call the provider for.
  if (!canMoveOperation("succeed", op.status, "provider")) return op.status;

  let objectId: string;
  let fundsPendingUntil: Date | null = null;
  try {
    if (op.kind === "transfer") {
      const [account] = await db.select().from(payoutAccounts).where(and(eq(payoutAccounts.fixerUserId, op.fixerUserId!), eq(payoutAccounts.status, "active")));
      if (!account) {
        const wait = operationMove("wait_for_account", "system");
        await db
          .update(providerOperations)
          .set({ status: wait.to })
          .where(and(eq(providerOperations.id, op.id), inArray(providerOperations.status, wait.from)));
        return wait.to;
      }
      ({ id: objectId, fundsPendingUntil } = await provider.transfer({
        idempotencyKey: op.providerIdempotencyKey,
        operationKey: op.idempotencyKey,
        amountPence: op.amountPence,
        destinationAccountId: account.providerAccountId,
        transferGroup: transferGroupOf(op.bookingId),
        bookingId: op.bookingId,
        paymentId: op.paymentId,
      }));
    } else {
      ({ id: objectId } = await provider.refund({
        idempotencyKey: op.providerIdempotencyKey,
        operationKey: op.idempotencyKey,
        amountPence: op.amountPence,
        paymentId: op.paymentId!,
        bookingId: op.bookingId,
      }));
    }
  } catch (error) {
    await db
      .update(providerOperations)
      .set({ attempts: sql`${providerOperations.attempts} + 1`, lastError: error instanceof Error ? error.message.slice(0, 500) : String(error) })
      .where(eq(providerOperations.id, op.id));
    throw error;
  }

  const succeed = operationMove("succeed", "provider");
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(providerOperations)
      .set({ status: succeed.to, providerObjectId: objectId, completedAt: new Date(), attempts: sql`${providerOperations.attempts} + 1`, lastError: null, fundsPendingUntil })
      .where(and(eq(providerOperations.id, op.id), inArray(providerOperations.status, succeed.from)))
      .returning();
    // Refused: another run of this job marked it first (the provider answered both with one object); its ledger event stands.
    if (!done) return;
    // Released, on its way: the transfer is made and waits at Stripe for the charge's funds; a check at
    // Stripe's estimate (or the balance.available webhook, sooner) records when they arrive.
    if (fundsPendingUntil) await enqueueJob(tx, TRANSFER_FUNDS_JOB, { operationId: op.id } satisfies TransferFundsPayload, { runAt: fundsPendingUntil, maxAttempts: 30 });
    const transfer = op.kind === "transfer";
    await postLedgerEvent(tx, {
      kind: transfer ? "payout" : "refund_paid",
      bookingId: op.bookingId,
      idempotencyKey: `${op.idempotencyKey}-done`,
      entries: transfer
        ? [
            { account: ACCOUNTS.fixerPayable(op.fixerUserId!), amountPence: -op.amountPence },
            { account: ACCOUNTS.fixerPayouts, amountPence: op.amountPence },
          ]
        : [
            { account: ACCOUNTS.refunds, amountPence: -op.amountPence },
            { account: ACCOUNTS.customerPayments, amountPence: op.amountPence },
          ],
    });
    const [booking] = await tx.select({ id: bookings.id, state: bookings.state }).from(bookings).where(eq(bookings.id, op.bookingId));
    if (booking) {
      await recordOnTimeline(tx, booking, transfer ? "payout_sent" : "refund_sent", { role: "provider", userId: null }, {
        key: op.idempotencyKey,
        details: { amountPence: op.amountPence, providerObjectId: objectId, ...(fundsPendingUntil ? { fundsPendingUntil: fundsPendingUntil.toISOString() } : {}) },
      });
    }
  });
  return "succeeded";
}

/**
 * Asks the provider whether a transfer's funds (those of the charge it was made from) are available
 * yet. Available: the operation's funds_pending_until is cleared (once: a conditional update) and the
 * booking's timeline says so. Still pending: the estimate is updated and another check queued for it.
 * Answers whether the funds are still pending; an operation not waiting for funds answers false.
 * `early`: a check queued by balance.available, beside the transfer's own.
 */
export async function checkTransferFunds(deps: { db: Db; provider: BookingMoneyProvider; now?: () => Date }, operationId: number, options: { early?: boolean } = {}): Promise<boolean> {
  const { db, provider } = deps;
  const [op] = await db.select().from(providerOperations).where(eq(providerOperations.id, operationId));
  if (!op?.fundsPendingUntil) return false;
  const until = await provider.fundsPendingUntil({ paymentId: op.paymentId });
  return db.transaction(async (tx) => {
    if (until) {
      const next = new Date(Math.max(until.getTime(), (deps.now?.() ?? new Date()).getTime()) + FUNDS_RECHECK_MS);
      const [still] = await tx.update(providerOperations).set({ fundsPendingUntil: until }).where(and(eq(providerOperations.id, op.id), isNotNull(providerOperations.fundsPendingUntil))).returning({ id: providerOperations.id });
      // An early check (balance.available) queues nothing: the transfer's own chain of checks goes on.
      if (still && !options.early) await enqueueJob(tx, TRANSFER_FUNDS_JOB, { operationId: op.id } satisfies TransferFundsPayload, { runAt: next, maxAttempts: 30 });
      return true;
    }
    const [cleared] = await tx
      .update(providerOperations)
      .set({ fundsPendingUntil: null })
      .where(and(eq(providerOperations.id, op.id), isNotNull(providerOperations.fundsPendingUntil)))
      .returning({ id: providerOperations.id });
    const [booking] = cleared ? await tx.select({ id: bookings.id, state: bookings.state }).from(bookings).where(eq(bookings.id, op.bookingId)) : [];
    if (booking) {
      await recordOnTimeline(tx, booking, "payout_available", { role: "provider", userId: null }, {
        key: `${op.idempotencyKey}-available`,
        details: { amountPence: op.amountPence, providerObjectId: op.providerObjectId },
      });
    }
    return false;
  });
}

/** How many waiting transfers one balance.available delivery queues checks for (oldest estimate first); the queued checks cover the rest. */
const FUNDS_CHECK_BATCH = 500;

/**
 * Stripe's `balance.available` (the platform's available balance grew: some charges' funds arrived):
 * queues a check of each transfer still waiting for funds, to run now. The webhook only queues (it
 * must answer Stripe quickly); a check it queued that finds the funds still pending leaves the next
 * look to the transfer's own queued check. Answers how many checks were queued.
 */
export async function queueWaitingTransferChecks(db: Db): Promise<number> {
  const waiting = await db
    .select({ id: providerOperations.id })
    .from(providerOperations)
    .where(isNotNull(providerOperations.fundsPendingUntil))
    .orderBy(asc(providerOperations.fundsPendingUntil))
    .limit(FUNDS_CHECK_BATCH);
  await enqueueJobs(db, waiting.map((op) => ({ kind: TRANSFER_FUNDS_JOB, payload: { operationId: op.id, early: true } satisfies TransferFundsPayload, maxAttempts: 5 })));
  return waiting.length;
}
