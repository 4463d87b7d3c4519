/**
 * The pure half of the daily reconciliation (decision 053): how a customer charge is compared, how
 * Stripe's answer about a charge is read, and which booking a provider object names. The queries and
 * the provider calls are in reconciliation.server.ts.
 */

/** What moved: a customer's charge, a transfer to a fixer, a refund to a customer, the provider's fee on a balance transaction (decision 078). */
export type MoneyKind = "charge" | "transfer" | "refund" | "fee";
export type MismatchKind = "missing_at_provider" | "amount_differs" | "unknown_at_provider" | "ledger_differs";

/** One difference, as a run stores it (reconciliation_mismatches without the run). */
export type MismatchFound = {
  kind: MismatchKind;
  bookingId: number | null;
  operationId: number | null;
  moneyKind: MoneyKind;
  providerObjectId: string | null;
  ledgerPence: number | null;
  providerPence: number | null;
  detail: string;
};

/** The provider's word on one charge: the object that took the money and how much, or null when nothing was taken. */
export type ChargeAtProvider = { id: string; amountPence: number } | null;

/**
 * One booking payment, both sides: what the ledger's payment-received event says the customer paid
 * (null: no such event) and what the provider says it took.
 */
export type ChargeCheck = {
  paymentId: string;
  bookingId: number | null;
  /** The provider's reference for the payment (Stripe: the Checkout Session), to show when the provider has nothing. */
  reference: string | null;
  ledgerPence: number | null;
  provider: ChargeAtProvider;
};

/**
 * The mismatches of a set of charge checks: a charge the ledger recorded that the provider did not
 * take (or took for another amount), and a charge the provider took that the ledger never recorded.
 * A refunded charge is still a charge here: its refunds are reconciled as refunds.
 */
export function chargeMismatches(checks: readonly ChargeCheck[]): MismatchFound[] {
  const found: MismatchFound[] = [];
  for (const check of checks) {
    const base = { bookingId: check.bookingId, operationId: null, moneyKind: "charge" as const };
    if (check.ledgerPence !== null && check.provider === null) {
      found.push({
        ...base,
        kind: "missing_at_provider",
        providerObjectId: check.reference ?? check.paymentId,
        ledgerPence: check.ledgerPence,
        providerPence: null,
        detail: "The ledger recorded a customer payment the provider does not show as paid.",
      });
    } else if (check.ledgerPence !== null && check.provider && check.provider.amountPence !== check.ledgerPence) {
      found.push({
        ...base,
        kind: "amount_differs",
        providerObjectId: check.provider.id,
        ledgerPence: check.ledgerPence,
        providerPence: check.provider.amountPence,
        detail: "The provider took a different amount for this payment than the ledger recorded.",
      });
    } else if (check.ledgerPence === null && check.provider) {
      found.push({
        ...base,
        kind: "ledger_differs",
        providerObjectId: check.provider.id,
        ledgerPence: 0,
        providerPence: check.provider.amountPence,
        detail: "The provider took this booking payment but the ledger has no record of it.",
      });
    }
  }
  return found;
}

/** The parts of a Checkout Session (retrieved with its PaymentIntent expanded) that say what was taken. */
export type SessionCharge = {
  id: string;
  payment_status: string;
  amount_total: number | null;
  payment_intent: string | { id: string; status: string; amount_received: number; latest_charge?: string | { id: string } | null } | null;
};

/**
 * What a Checkout Session says was taken: its PaymentIntent's amount received once it succeeded
 * (any other status, such as a failed or cancelled payment, took nothing), or, when the intent was
 * not expanded, the session's total once it is paid.
 */
export function chargeOfSession(session: SessionCharge): ChargeAtProvider {
  const intent = session.payment_intent;
  if (intent && typeof intent === "object") return intent.status === "succeeded" ? { id: intent.id, amountPence: intent.amount_received } : null;
  return session.payment_status === "paid" ? { id: session.id, amountPence: session.amount_total ?? 0 } : null;
}

/** The booking a transfer group ("booking-<id>", provider.server.ts) or a metadata booking_id names; null for anything else. */
export function bookingIdOf(reference: string | null | undefined): number | null {
  const id = /^(?:booking-)?(\d{1,15})$/.exec(reference ?? "")?.[1];
  return id ? Number(id) : null;
}

/** What one run compared, by kind: the customers' charges, and FixiT's transfers and refunds. */
export type CheckedCounts = { charges: number; transfers: number; refunds: number };

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "3 charges, 2 transfers and 1 refund": what a run compared, in words, so the console never says
 * the books agree without saying on how much (a run that compared nothing says "0 charges").
 */
export function checkedSummary(checked: CheckedCounts): string {
  return `${counted(checked.charges, "charge", "charges")}, ${counted(checked.transfers, "transfer", "transfers")} and ${counted(checked.refunds, "refund", "refunds")}`;
}
