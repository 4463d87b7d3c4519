import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkConstraintStates } from "#tests/helpers/check-constraints.ts";
import {
  assertPayoutAccountMove,
  canMovePayoutAccount,
  IllegalPayoutAccountMoveError,
  PAYOUT_ACCOUNT_MOVES,
  PAYOUT_ACCOUNT_STARTS,
  PAYOUT_ACCOUNT_STATUSES,
  payoutAccountMove,
  payoutAccountStart,
  reachablePayoutAccountStatuses,
  type PayoutAccountActor,
  type PayoutAccountMove,
  type PayoutAccountStatus,
} from "./payout-account-machine";

const ACTORS: PayoutAccountActor[] = ["fixer", "provider", "system"];
const legal: [PayoutAccountMove, PayoutAccountStatus, PayoutAccountActor, PayoutAccountStatus][] = [
  ["activate", "pending", "provider", "active"],
  ["deactivate", "active", "provider", "pending"],
  ["switch_provider", "pending", "system", "pending"],
  ["switch_provider", "active", "system", "pending"],
];

describe("payout account machine", () => {
  it.each(legal)("allows %s from %s by the %s, to %s", (name, from, actor, to) => {
    expect(canMovePayoutAccount(name, from, actor)).toBe(true);
    expect(assertPayoutAccountMove(name, from, actor)).toBe(to);
  });

  it("refuses every other move, state and actor with a named 409", () => {
    let refused = 0;
    for (const name of Object.keys(PAYOUT_ACCOUNT_MOVES) as PayoutAccountMove[]) {
      for (const from of PAYOUT_ACCOUNT_STATUSES) {
        for (const actor of ACTORS) {
          if (legal.some(([n, f, a]) => n === name && f === from && a === actor)) continue;
          expect(canMovePayoutAccount(name, from, actor), `${name} from ${from} by ${actor}`).toBe(false);
          expect(() => assertPayoutAccountMove(name, from, actor)).toThrow(IllegalPayoutAccountMoveError);
          refused += 1;
        }
      }
    }
    expect(refused).toBe(3 * 2 * 3 - 4);
  });

  it("a fixer cannot activate their own account, and an active one is not activated again", () => {
    expect(() => assertPayoutAccountMove("activate", "pending", "fixer")).toThrow("Only the provider can activate a payout account.");
    expect(() => assertPayoutAccountMove("activate", "active", "provider")).toThrow("This payout account cannot be changed that way: it is already active.");
  });

  it("gives the UPDATE its guard and the INSERT its start", () => {
    expect(payoutAccountMove("activate", "provider")).toEqual({ from: ["pending"], to: "active" });
    expect(() => payoutAccountMove("activate", "fixer")).toThrow(/fixer cannot activate/);
    expect(payoutAccountStart("connect", "fixer", "pending")).toBe("pending");
  });

  it("has the states of the database's CHECK constraint, every one reached", () => {
    expect([...PAYOUT_ACCOUNT_STATUSES].sort()).toEqual(checkConstraintStates("payout_accounts", "payout_accounts_status_check").sort());
    expect([...reachablePayoutAccountStatuses()].sort()).toEqual([...PAYOUT_ACCOUNT_STATUSES].sort());
  });

  it("is written out in decision 080, every start and move by name", () => {
    const record = readFileSync(new URL("../../../docs/decisions/080-payment-machines-and-capture.md", import.meta.url), "utf8");
    for (const name of [...Object.keys(PAYOUT_ACCOUNT_STARTS), ...Object.keys(PAYOUT_ACCOUNT_MOVES)]) expect(record, name).toContain(`\`${name}\``);
  });
});
