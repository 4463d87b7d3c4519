import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkConstraintStates } from "#tests/helpers/check-constraints.ts";
import {
  assertOperationMove,
  canMoveOperation,
  IllegalOperationMoveError,
  OPERATION_MOVES,
  OPERATION_STARTS,
  operationMove,
  operationStart,
  PROVIDER_OPERATION_STATUSES,
  reachableOperationStatuses,
  type OperationActor,
  type OperationMove,
  type ProviderOperationStatus,
} from "./provider-operation-machine";

const ACTORS: OperationActor[] = ["provider", "system"];
const legal: [OperationMove, ProviderOperationStatus, OperationActor, ProviderOperationStatus][] = [
  ["wait_for_account", "pending", "system", "waiting_for_account"],
  ["account_ready", "waiting_for_account", "system", "pending"],
  ["succeed", "pending", "provider", "succeeded"],
];

describe("provider operation machine", () => {
  it.each(legal)("allows %s from %s by the %s, to %s", (name, from, actor, to) => {
    expect(canMoveOperation(name, from, actor)).toBe(true);
    expect(assertOperationMove(name, from, actor)).toBe(to);
  });

  it("refuses every other move, state and actor with a named 409", () => {
    let refused = 0;
    for (const name of Object.keys(OPERATION_MOVES) as OperationMove[]) {
      for (const from of PROVIDER_OPERATION_STATUSES) {
        for (const actor of ACTORS) {
          if (legal.some(([n, f, a]) => n === name && f === from && a === actor)) continue;
          expect(canMoveOperation(name, from, actor), `${name} from ${from} by ${actor}`).toBe(false);
          expect(() => assertOperationMove(name, from, actor)).toThrow(IllegalOperationMoveError);
          refused += 1;
        }
      }
    }
    expect(refused).toBe(3 * 4 * 2 - 3);
  });

  it("never makes a transfer or refund twice, nor one that waits for the fixer's account", () => {
    expect(() => assertOperationMove("succeed", "succeeded", "provider")).toThrow("This provider operation cannot be changed that way: it is already made.");
    expect(() => assertOperationMove("succeed", "waiting_for_account", "provider")).toThrow(IllegalOperationMoveError);
    expect(() => assertOperationMove("account_ready", "succeeded", "system")).toThrow(IllegalOperationMoveError);
  });

  it("gives the UPDATE its guard and the INSERT its start", () => {
    expect(operationMove("succeed", "provider")).toEqual({ from: ["pending"], to: "succeeded" });
    expect(() => operationMove("succeed", "system")).toThrow(/system cannot succeed/);
    expect(operationStart("queue", "system", "waiting_for_account")).toBe("waiting_for_account");
    expect(() => operationStart("queue", "system", "succeeded")).toThrow(/cannot start in succeeded/);
    expect(operationStart("record_dashboard_refund", "provider")).toBe("succeeded");
  });

  it("has the states of the database's CHECK constraint; every one is reached but failed, which nothing sets yet", () => {
    expect([...PROVIDER_OPERATION_STATUSES].sort()).toEqual(checkConstraintStates("provider_operations", "provider_operations_status_check").sort());
    expect([...reachableOperationStatuses()].sort()).toEqual(["pending", "succeeded", "waiting_for_account"]);
  });

  it("is written out in decision 080, every start and move by name", () => {
    const record = readFileSync(new URL("../../../docs/decisions/080-payment-machines-and-capture.md", import.meta.url), "utf8");
    for (const name of [...Object.keys(OPERATION_STARTS), ...Object.keys(OPERATION_MOVES)]) expect(record, name).toContain(`\`${name}\``);
  });
});
