import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { ledgerAccounts, ledgerEntries, ledgerEvents } from "#server/db/schema/bookings.ts";

/**
 * The double-entry ledger (decision 044). An event is a movement of money; its entries are signed
 * amounts in pence on accounts and sum to zero. Events are written in the caller's transaction (the
 * booking transition that caused them) and never changed; balances are sums of entries.
 */

/** The accounts, by code. Per-person accounts carry the user id after a colon. */
export const ACCOUNTS = {
  /** Cash taken from customers' cards (negative: money came in); a refund paid back adds to it. */
  customerPayments: "customer_payments",
  /** What FixiT holds for paid, unsettled bookings. */
  heldFunds: "held_funds",
  /** FixiT's customer fees and fixer service charges. */
  platformFees: "platform_fees",
  /** FixiT's spending on early-bird discounts and referral credit (negative: spent). */
  promotions: "promotions",
  /** Owed back to customers' cards until the provider has made the refund. */
  refunds: "refunds",
  /** What has been transferred to fixers' connected accounts. */
  fixerPayouts: "fixer_payouts",
  /** Referral credit set aside for a booking waiting for payment. */
  creditReserved: "credit_reserved",
  /**
   * What the payment provider kept as its own fees: each charge's processing fee and dispute fees
   * (negative: FixiT paid them; a fee returned adds back). Net platform income = platform_fees + this
   * (decision 078). Its other side is customer_payments: the provider kept it out of the card money.
   */
  providerFees: "provider_fees",
  /**
   * FixiT's own money lost to the customer's card after the booking's money had left FixiT's hands: a
   * chargeback lost after the release, a refund made in the Stripe dashboard from money no longer held
   * (negative: lost; a transfer reversed to cover one adds back). Decision 078.
   */
  platformLosses: "platform_losses",
  fixerPayable: (fixerUserId: string) => `fixer_payable:${fixerUserId}`,
  customerCredit: (customerUserId: string) => `customer_credit:${customerUserId}`,
} as const;

/** The idempotency key of a checkout's payment-received event (booked, or refunded as unused): one per payment. */
export const paymentReceivedKey = (paymentId: string) => `payment-${paymentId}-received`;

export type LedgerEntryInput = { account: string; amountPence: number };
export type LedgerEventInput = { kind: string; bookingId: number | null; idempotencyKey: string; entries: LedgerEntryInput[] };

export class UnbalancedLedgerEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnbalancedLedgerEventError";
  }
}

function accountParts(code: string): { kind: string; ownerUserId: string | null } {
  const colon = code.indexOf(":");
  return colon === -1 ? { kind: code, ownerUserId: null } : { kind: code.slice(0, colon), ownerUserId: code.slice(colon + 1) };
}

/**
 * Writes one event with its entries, in `tx`. Zero entries are left out; entries on the same account
 * are added together. Refuses (throws, so the caller's transaction rolls back) an amount that is not a
 * whole number of pence or entries that do not sum to zero. Posting the same idempotency key again
 * writes nothing and answers null.
 */
export async function postLedgerEvent(tx: DbOrTx, event: LedgerEventInput): Promise<{ eventId: number } | null> {
  const byAccount = new Map<string, number>();
  for (const { account, amountPence } of event.entries) {
    if (!Number.isSafeInteger(amountPence)) throw new UnbalancedLedgerEventError(`ledger amount ${amountPence} on ${account} is not a whole number of pence`);
    if (!account) throw new UnbalancedLedgerEventError("a ledger entry needs an account");
    byAccount.set(account, (byAccount.get(account) ?? 0) + amountPence);
  }
  const entries = [...byAccount].filter(([, amount]) => amount !== 0);
  const total = entries.reduce((sum, [, amount]) => sum + amount, 0);
  if (total !== 0) throw new UnbalancedLedgerEventError(`ledger event ${event.kind} (${event.idempotencyKey}) does not balance: it sums to ${total}`);
  if (entries.length === 0) return null;

  const [created] = await tx
    .insert(ledgerEvents)
    .values({ kind: event.kind, bookingId: event.bookingId, idempotencyKey: event.idempotencyKey })
    .onConflictDoNothing({ target: ledgerEvents.idempotencyKey })
    .returning({ id: ledgerEvents.id });
  if (!created) return null;

  const codes = entries.map(([code]) => code);
  await tx
    .insert(ledgerAccounts)
    .values(codes.map((code) => ({ code, ...accountParts(code) })))
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const accounts = await tx.select({ id: ledgerAccounts.id, code: ledgerAccounts.code }).from(ledgerAccounts).where(inArray(ledgerAccounts.code, codes));
  const idOf = new Map(accounts.map((a) => [a.code, a.id]));
  await tx.insert(ledgerEntries).values(entries.map(([code, amountPence]) => ({ eventId: created.id, accountId: idOf.get(code)!, amountPence })));
  return { eventId: created.id };
}

/** The balance of one account (0 for an account never used). */
export async function accountBalance(db: DbOrTx, code: string, options: { bookingId?: number } = {}): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amountPence}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerEvents, eq(ledgerEvents.id, ledgerEntries.eventId))
    .where(and(eq(ledgerAccounts.code, code), options.bookingId === undefined ? undefined : eq(ledgerEvents.bookingId, options.bookingId)));
  return Number(row?.balance ?? 0);
}

/** Every account's balance, optionally for one booking's events only. Accounts at zero are left out. */
export async function balances(db: DbOrTx, options: { bookingId?: number } = {}): Promise<Record<string, number>> {
  const rows = await db
    .select({ code: ledgerAccounts.code, balance: sql<string>`sum(${ledgerEntries.amountPence})` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerEvents, eq(ledgerEvents.id, ledgerEntries.eventId))
    .where(options.bookingId === undefined ? undefined : eq(ledgerEvents.bookingId, options.bookingId))
    .groupBy(ledgerAccounts.code);
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.balance)]).filter(([, b]) => b !== 0));
}

/** The ledger's health: the sum of every entry (0) and the events whose entries do not sum to zero (none). */
export async function ledgerCheck(db: DbOrTx): Promise<{ total: number; unbalancedEventIds: number[]; events: number }> {
  const [totals] = await db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPence}), 0)` }).from(ledgerEntries);
  const unbalanced = await db
    .select({ eventId: ledgerEntries.eventId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.eventId)
    .having(sql`sum(${ledgerEntries.amountPence}) <> 0`);
  const [events] = await db.select({ n: sql<string>`count(*)` }).from(ledgerEvents);
  return { total: Number(totals?.total ?? 0), unbalancedEventIds: unbalanced.map((u) => u.eventId), events: Number(events?.n ?? 0) };
}

/** A payment that cannot pay for what it was for (it came too late, or for a changed amount): received and owed back to the card, in one event. */
export async function postUnusedPayment(tx: DbOrTx, bookingId: number, payment: { id: string; amountPence: number }): Promise<void> {
  await postLedgerEvent(tx, {
    kind: "payment_unused",
    bookingId,
    idempotencyKey: paymentReceivedKey(payment.id),
    entries: [
      { account: ACCOUNTS.customerPayments, amountPence: -payment.amountPence },
      { account: ACCOUNTS.refunds, amountPence: payment.amountPence },
    ],
  });
}
