import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkConstraintStates } from "#tests/helpers/check-constraints.ts";
import {
  assertExtraMove,
  BOOKING_EXTRA_STATES,
  canMoveExtra,
  EXTRA_MOVES,
  EXTRA_STARTS,
  extraMove,
  extraStart,
  IllegalExtraMoveError,
  reachableExtraStates,
  type BookingExtraState,
  type ExtraActor,
  type ExtraMove,
} from "./extras-machine";

const ACTORS: ExtraActor[] = ["fixer", "customer", "provider", "system"];
const legal: [ExtraMove, BookingExtraState, ExtraActor, BookingExtraState][] = [
  ["accept", "offered", "customer", "pending_payment"],
  ["decline", "offered", "customer", "declined"],
  ["pay", "pending_payment", "provider", "paid"],
  ["expire", "pending_payment", "system", "expired"],
  ["withdraw", "offered", "system", "withdrawn"],
  ["withdraw", "pending_payment", "system", "withdrawn"],
  ["release", "paid", "system", "released"],
  ["refund", "paid", "system", "refunded"],
];

describe("extra charge machine", () => {
  it.each(legal)("allows %s from %s by the %s, to %s", (name, from, actor, to) => {
    expect(canMoveExtra(name, from, actor)).toBe(true);
    expect(assertExtraMove(name, from, actor)).toBe(to);
  });

  it("refuses every other move, state and actor with a named 409", () => {
    let refused = 0;
    for (const name of Object.keys(EXTRA_MOVES) as ExtraMove[]) {
      for (const from of BOOKING_EXTRA_STATES) {
        for (const actor of ACTORS) {
          if (legal.some(([n, f, a]) => n === name && f === from && a === actor)) continue;
          expect(canMoveExtra(name, from, actor), `${name} from ${from} by ${actor}`).toBe(false);
          expect(() => assertExtraMove(name, from, actor)).toThrow(IllegalExtraMoveError);
          refused += 1;
        }
      }
    }
    expect(refused).toBe(7 * 8 * 4 - legal.length);
  });

  it("a fixer cannot accept their own extra, and a paid one cannot be declined", () => {
    expect(() => assertExtraMove("accept", "offered", "fixer")).toThrow("Only the customer can accept an extra charge.");
    expect(() => assertExtraMove("decline", "paid", "customer")).toThrow("This extra charge cannot be changed that way: it is already paid.");
  });

  it("gives the UPDATE its guard and the INSERT its start", () => {
    expect(extraMove("withdraw", "system")).toEqual({ from: ["offered", "pending_payment"], to: "withdrawn" });
    expect(() => extraMove("pay", "customer")).toThrow(/customer cannot pay/);
    expect(extraStart("offer", "fixer")).toBe("offered");
    expect(() => extraStart("offer", "customer")).toThrow(/customer cannot offer/);
  });

  it("has the states of the database's CHECK constraint, every one reached", () => {
    expect([...BOOKING_EXTRA_STATES].sort()).toEqual(checkConstraintStates("booking_extras", "booking_extras_state_check").sort());
    expect([...reachableExtraStates()].sort()).toEqual([...BOOKING_EXTRA_STATES].sort());
  });

  it("is written out in decision 084, every start, move and state by name", () => {
    const record = readFileSync(new URL("../../../docs/decisions/084-extra-charges-on-a-booking.md", import.meta.url), "utf8");
    for (const name of [...Object.keys(EXTRA_STARTS), ...Object.keys(EXTRA_MOVES), ...BOOKING_EXTRA_STATES]) expect(record, name).toContain(`\`${name}\``);
  });
});
