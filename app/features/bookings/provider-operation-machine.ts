import { PROVIDER_OPERATION_STATUSES, type ProviderOperationStatus } from "#server/db/schema/bookings.ts";
import { canMakeMove, checkMove, guardOf, IllegalMoveError, reachable, startOf, type MoveRule, type StartRule } from "~/lib/machine";

export type { ProviderOperationStatus } from "#server/db/schema/bookings.ts";

/**
 * How a provider operation (a transfer to a fixer, a refund to a card: a `provider_operations` row)
 * moves (issue 49, item 7; decision 080). Every write of its `status` goes through these tables; the
 * UPDATE allows only the move's from-states, so an operation is marked succeeded once, and its ledger
 * event (posted in the same transaction) once.
 * - provider: Stripe (or the TEST MODE books) answered.
 * - system: FixiT's own code (the settlement that queues it, the payout account it waits for).
 */
export type OperationActor = "provider" | "system";

type Rule = MoveRule<ProviderOperationStatus, OperationActor>;

export const OPERATION_STARTS = {
  /** Written with the settlement, before any call: pending, or waiting while the fixer has no active payout account. */
  queue: { to: ["pending", "waiting_for_account"], by: ["system"] },
  /** A refund made in Stripe's dashboard: it happened already, recorded as a staff refund (decision 078). */
  record_dashboard_refund: { to: ["succeeded"], by: ["provider"] },
} as const satisfies Record<string, StartRule<ProviderOperationStatus, OperationActor>>;

export const OPERATION_MOVES = {
  /** The fixer's payout account is not active (any more) when the transfer's job runs: it waits again. */
  wait_for_account: { from: ["pending"], to: ["waiting_for_account"], by: ["system"], label: "hold" },
  /** The fixer's payout account became active: every transfer that waited for it is queued. */
  account_ready: { from: ["waiting_for_account"], to: ["pending"], by: ["system"], label: "queue" },
  /** The provider made the transfer or refund. Once: a second answer for the same operation changes nothing. */
  succeed: { from: ["pending"], to: ["succeeded"], by: ["provider"], label: "mark as made" },
} as const satisfies Record<string, Rule>;

export type OperationMove = keyof typeof OPERATION_MOVES;

export const OPERATION_STATUS_LABELS: Record<ProviderOperationStatus, string> = {
  pending: "queued",
  waiting_for_account: "waiting for the fixer's payout account",
  succeeded: "already made",
  failed: "failed for good",
};

/** A provider-operation move its status does not allow (a transfer made twice). 409; nothing changes. */
export class IllegalOperationMoveError extends IllegalMoveError {
  constructor(move: OperationMove, status: ProviderOperationStatus, message: string) {
    super("provider_operation", move, status, message);
    this.name = "IllegalOperationMoveError";
  }
}

export const canMoveOperation = (name: OperationMove, status: ProviderOperationStatus, actor: OperationActor): boolean =>
  canMakeMove<ProviderOperationStatus, OperationActor>(OPERATION_MOVES[name], status, actor);

export function assertOperationMove(name: OperationMove, status: ProviderOperationStatus, actor: OperationActor): ProviderOperationStatus {
  const rule: Rule = OPERATION_MOVES[name];
  return checkMove(rule, status, actor, (why) =>
    new IllegalOperationMoveError(
      name,
      status,
      why === "actor" ? `Only the ${rule.by.join(" or ")} can ${rule.label} a provider operation.` : `This provider operation cannot be changed that way: it is ${OPERATION_STATUS_LABELS[status]}.`,
    ),
  );
}

export const operationMove = (name: OperationMove, actor: OperationActor) => guardOf<ProviderOperationStatus, OperationActor>("provider_operation", name, OPERATION_MOVES[name], actor);

export const operationStart = (name: keyof typeof OPERATION_STARTS, actor: OperationActor, to?: ProviderOperationStatus) =>
  startOf<ProviderOperationStatus, OperationActor>("provider_operation", name, OPERATION_STARTS[name], actor, to);

export const reachableOperationStatuses = () => reachable<ProviderOperationStatus, OperationActor>(OPERATION_STARTS, OPERATION_MOVES);

export { PROVIDER_OPERATION_STATUSES };
