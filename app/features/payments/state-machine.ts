import { PAYMENT_STATUSES, type PaymentStatus } from "#server/db/schema/payments.ts";
import { canMakeMove, checkMove, guardOf, IllegalMoveError, reachable, startOf, type MoveRule, type StartRule } from "~/lib/machine";

export type { PaymentStatus } from "#server/db/schema/payments.ts";

/**
 * How a checkout attempt (a `payments` row) moves (issue 49, item 7; decision 080). Every write of
 * `payments.status` goes through {@link PAYMENT_MOVES}: the UPDATE sets the move's state and allows only
 * its from-states, so a late or repeated report (a webhook, the success page) cannot undo a payment.
 * - provider: what Stripe (or the TEST MODE checkout, its stand-in) reports.
 * - system: FixiT's own decisions (the checkout could not be opened; the booking's payment window ended).
 */
export type PaymentActor = "provider" | "system";

type Rule = MoveRule<PaymentStatus, PaymentActor>;

export const PAYMENT_STARTS = {
  /** The attempt is recorded before the provider is asked to open it. */
  open: { to: ["pending"], by: ["system"] },
} as const satisfies Record<string, StartRule<PaymentStatus, PaymentActor>>;

export const PAYMENT_MOVES = {
  /** Stripe could not be reached to open the checkout: the attempt is kept, closed; Pay again opens another. */
  fail_to_open: { from: ["pending"], to: ["failed"], by: ["system"], label: "close" },
  /** A refused card or a failed delayed payment. A declined card may be tried again, so a failed one may fail again. */
  decline: { from: ["pending", "failed"], to: ["failed"], by: ["provider"], label: "decline" },
  /**
   * The provider took the money. From every unpaid state: money taken is recorded whatever FixiT thought
   * of the checkout (a payment reported after FixiT closed the window is then refunded by the booking's
   * fulfilment, decision 075). Never from paid: a second report changes nothing.
   */
  pay: { from: ["pending", "failed", "expired", "cancelled"], to: ["paid"], by: ["provider"], label: "mark as paid" },
  /** The checkout stopped taking money: Stripe expired the session, or its end passed here. */
  expire: { from: ["pending", "failed"], to: ["expired"], by: ["provider", "system"], label: "expire" },
} as const satisfies Record<string, Rule>;

export type PaymentMove = keyof typeof PAYMENT_MOVES;

/** How a status reads in a sentence: "This payment is already paid." */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "waiting for the card",
  paid: "already paid",
  failed: "declined",
  cancelled: "cancelled",
  expired: "closed: its time to pay ended",
};

/** A payment move its status does not allow (a report of expiry for a paid payment). 409; nothing changes. */
export class IllegalPaymentMoveError extends IllegalMoveError {
  constructor(move: PaymentMove, status: PaymentStatus, message: string) {
    super("payment", move, status, message);
    this.name = "IllegalPaymentMoveError";
  }
}

export const canMovePayment = (name: PaymentMove, status: PaymentStatus, actor: PaymentActor): boolean => canMakeMove<PaymentStatus, PaymentActor>(PAYMENT_MOVES[name], status, actor);

/** The status `name` leads to from `status`, or an {@link IllegalPaymentMoveError} a person can read. */
export function assertPaymentMove(name: PaymentMove, status: PaymentStatus, actor: PaymentActor): PaymentStatus {
  const rule: Rule = PAYMENT_MOVES[name];
  return checkMove(rule, status, actor, (why) =>
    new IllegalPaymentMoveError(name, status, why === "actor" ? `Only the ${rule.by.join(" or ")} can ${rule.label} a payment.` : `This payment cannot be changed that way: it is ${PAYMENT_STATUS_LABELS[status]}.`),
  );
}

/** The guard for the UPDATE that makes move `name`: set `to` where the status is one of `from`. */
export const paymentMove = (name: PaymentMove, actor: PaymentActor) => guardOf<PaymentStatus, PaymentActor>("payment", name, PAYMENT_MOVES[name], actor);

export const paymentStart = (name: keyof typeof PAYMENT_STARTS, actor: PaymentActor) => startOf<PaymentStatus, PaymentActor>("payment", name, PAYMENT_STARTS[name], actor);

export const reachablePaymentStatuses = () => reachable<PaymentStatus, PaymentActor>(PAYMENT_STARTS, PAYMENT_MOVES);

export { PAYMENT_STATUSES };
