import { BOOKING_EXTRA_STATES, type BookingExtraState } from "#server/db/schema/booking-extras.ts";
import { canMakeMove, checkMove, guardOf, IllegalMoveError, reachable, startOf, type MoveRule, type StartRule } from "~/lib/machine";

export type { BookingExtraState } from "#server/db/schema/booking-extras.ts";

/**
 * How an extra charge on a booking (`booking_extras.state`) moves (decision 084), in the pattern of
 * decision 080: every UPDATE of the state sets a move's `to` and allows only its from-states.
 * - fixer: asks for the extra (offer).
 * - customer: accepts it (and is sent to pay) or declines it with a reason.
 * - provider: the checkout was paid.
 * - system: the checkout's window ended; the booking was settled before the extra was paid; the
 *   booking's settlement releases or refunds a paid extra with the booking's own money.
 */
export type ExtraActor = "fixer" | "customer" | "provider" | "system";

type Rule = MoveRule<BookingExtraState, ExtraActor>;

export const EXTRA_STARTS = {
  /** The fixer asks for extra hours or an amount: the customer is asked to accept or decline. */
  offer: { to: ["offered"], by: ["fixer"] },
} as const satisfies Record<string, StartRule<BookingExtraState, ExtraActor>>;

export const EXTRA_MOVES = {
  /** "Accept and pay": the checkout is recorded in the same transaction. */
  accept: { from: ["offered"], to: ["pending_payment"], by: ["customer"], label: "accept" },
  /** Declined with a reason: the booking stays as it was; the fixer is told why. */
  decline: { from: ["offered"], to: ["declined"], by: ["customer"], label: "decline" },
  /** The checkout was paid: the money is held with the booking's (ledger event in the same transaction). */
  pay: { from: ["pending_payment"], to: ["paid"], by: ["provider"], label: "mark as paid" },
  /** The checkout's window ended unpaid: the customer may confirm the booking again; the fixer may ask again. */
  expire: { from: ["pending_payment"], to: ["expired"], by: ["system"], label: "expire" },
  /** The booking was settled (or closed) before the extra was answered or paid: it is closed, nothing charged. */
  withdraw: { from: ["offered", "pending_payment"], to: ["withdrawn"], by: ["system"], label: "withdraw" },
  /** The booking was released to the fixer: the extra's net goes with it. */
  release: { from: ["paid"], to: ["released"], by: ["system"], label: "release" },
  /** The booking was refunded, cancelled, part-released or lost to a card dispute: the extra's payment goes back in full. */
  refund: { from: ["paid"], to: ["refunded"], by: ["system"], label: "refund" },
} as const satisfies Record<string, Rule>;

export type ExtraMove = keyof typeof EXTRA_MOVES;

/** How a state reads in a sentence: "This extra charge is already paid." */
export const EXTRA_STATE_LABELS: Record<BookingExtraState, string> = {
  offered: "waiting for the customer's answer",
  declined: "declined by the customer",
  pending_payment: "accepted and waiting for the payment",
  paid: "already paid",
  released: "already released to the fixer",
  refunded: "already refunded",
  expired: "closed: it was not paid in time",
  withdrawn: "closed: the booking was settled first",
};

/** An extra-charge move its state does not allow (declining a paid extra). 409; nothing changes. */
export class IllegalExtraMoveError extends IllegalMoveError {
  constructor(move: ExtraMove, state: BookingExtraState, message: string) {
    super("booking_extra", move, state, message);
    this.name = "IllegalExtraMoveError";
  }
}

export const canMoveExtra = (name: ExtraMove, state: BookingExtraState, actor: ExtraActor): boolean => canMakeMove<BookingExtraState, ExtraActor>(EXTRA_MOVES[name], state, actor);

/** The state `name` leads to from `state`, or an {@link IllegalExtraMoveError} a person can read. */
export function assertExtraMove(name: ExtraMove, state: BookingExtraState, actor: ExtraActor): BookingExtraState {
  const rule: Rule = EXTRA_MOVES[name];
  return checkMove(rule, state, actor, (why) =>
    new IllegalExtraMoveError(name, state, why === "actor" ? `Only the ${rule.by.join(" or ")} can ${rule.label} an extra charge.` : `This extra charge cannot be changed that way: it is ${EXTRA_STATE_LABELS[state]}.`),
  );
}

/** The guard for the UPDATE that makes move `name`. */
export const extraMove = (name: ExtraMove, actor: ExtraActor) => guardOf<BookingExtraState, ExtraActor>("booking_extra", name, EXTRA_MOVES[name], actor);

export const extraStart = (name: keyof typeof EXTRA_STARTS, actor: ExtraActor) => startOf<BookingExtraState, ExtraActor>("booking_extra", name, EXTRA_STARTS[name], actor);

export const reachableExtraStates = () => reachable<BookingExtraState, ExtraActor>(EXTRA_STARTS, EXTRA_MOVES);

export { BOOKING_EXTRA_STATES };
