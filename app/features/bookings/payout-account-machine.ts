import { PAYOUT_ACCOUNT_STATUSES, type PayoutAccountStatus } from "#server/db/schema/bookings.ts";
import { canMakeMove, checkMove, guardOf, IllegalMoveError, reachable, startOf, type MoveRule, type StartRule } from "~/lib/machine";

export type { PayoutAccountStatus } from "#server/db/schema/bookings.ts";

/**
 * How a fixer's payout account (`payout_accounts.status`) moves (issue 49, item 7; decision 080):
 * pending until the provider says payouts are enabled, active while they are. A failed payout to the
 * fixer's bank is not a state of the account: transfers into it still work, so it is a flag
 * (`payout_failed_at`, decision 078) the fixer is asked to clear, set and cleared by the payout events.
 * - fixer: the fixer starts onboarding.
 * - provider: Stripe (or the TEST MODE stand-in) says payouts are enabled or not.
 * - system: the site moved between TEST MODE and Stripe, so the other mode's account is replaced.
 */
export type PayoutAccountActor = "fixer" | "provider" | "system";

type Rule = MoveRule<PayoutAccountStatus, PayoutAccountActor>;

export const PAYOUT_ACCOUNT_STARTS = {
  /** "Connect a payout account" makes a pending one; an account the provider reports enabled at once starts active. */
  connect: { to: ["pending", "active"], by: ["fixer", "provider"] },
} as const satisfies Record<string, StartRule<PayoutAccountStatus, PayoutAccountActor>>;

export const PAYOUT_ACCOUNT_MOVES = {
  /** Payouts enabled: the transfers that waited for the account are queued in the same transaction. */
  activate: { from: ["pending"], to: ["active"], by: ["provider"], label: "activate" },
  /** Payouts disabled (Stripe's account.updated): a transfer released now waits for the account again. */
  deactivate: { from: ["active"], to: ["pending"], by: ["provider"], label: "deactivate" },
  /** The site moved between TEST MODE and Stripe: a new, pending account at the other provider. */
  switch_provider: { from: ["pending", "active"], to: ["pending"], by: ["system"], label: "replace" },
} as const satisfies Record<string, Rule>;

export type PayoutAccountMove = keyof typeof PAYOUT_ACCOUNT_MOVES;

export const PAYOUT_ACCOUNT_STATUS_LABELS: Record<PayoutAccountStatus, string> = {
  pending: "waiting for the provider to enable payouts",
  active: "already active",
};

/** A payout-account move its status does not allow (activating an active account). 409; nothing changes. */
export class IllegalPayoutAccountMoveError extends IllegalMoveError {
  constructor(move: PayoutAccountMove, status: PayoutAccountStatus, message: string) {
    super("payout_account", move, status, message);
    this.name = "IllegalPayoutAccountMoveError";
  }
}

export const canMovePayoutAccount = (name: PayoutAccountMove, status: PayoutAccountStatus, actor: PayoutAccountActor): boolean =>
  canMakeMove<PayoutAccountStatus, PayoutAccountActor>(PAYOUT_ACCOUNT_MOVES[name], status, actor);

export function assertPayoutAccountMove(name: PayoutAccountMove, status: PayoutAccountStatus, actor: PayoutAccountActor): PayoutAccountStatus {
  const rule: Rule = PAYOUT_ACCOUNT_MOVES[name];
  return checkMove(rule, status, actor, (why) =>
    new IllegalPayoutAccountMoveError(
      name,
      status,
      why === "actor" ? `Only the ${rule.by.join(" or ")} can ${rule.label} a payout account.` : `This payout account cannot be changed that way: it is ${PAYOUT_ACCOUNT_STATUS_LABELS[status]}.`,
    ),
  );
}

export const payoutAccountMove = (name: PayoutAccountMove, actor: PayoutAccountActor) =>
  guardOf<PayoutAccountStatus, PayoutAccountActor>("payout_account", name, PAYOUT_ACCOUNT_MOVES[name], actor);

export const payoutAccountStart = (name: keyof typeof PAYOUT_ACCOUNT_STARTS, actor: PayoutAccountActor, to?: PayoutAccountStatus) =>
  startOf<PayoutAccountStatus, PayoutAccountActor>("payout_account", name, PAYOUT_ACCOUNT_STARTS[name], actor, to);

export const reachablePayoutAccountStatuses = () => reachable<PayoutAccountStatus, PayoutAccountActor>(PAYOUT_ACCOUNT_STARTS, PAYOUT_ACCOUNT_MOVES);

export { PAYOUT_ACCOUNT_STATUSES };
