import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkConstraintStates } from "#tests/helpers/check-constraints.ts";
import {
  assertPaymentMove,
  canMovePayment,
  IllegalPaymentMoveError,
  PAYMENT_MOVES,
  PAYMENT_STARTS,
  PAYMENT_STATUSES,
  paymentMove,
  paymentStart,
  reachablePaymentStatuses,
  type PaymentActor,
  type PaymentMove,
  type PaymentStatus,
} from "./state-machine";

const ACTORS: PaymentActor[] = ["provider", "system"];
const legal: [PaymentMove, PaymentStatus, PaymentActor, PaymentStatus][] = [
  ["fail_to_open", "pending", "system", "failed"],
  ["decline", "pending", "provider", "failed"],
  ["decline", "failed", "provider", "failed"],
  ["pay", "pending", "provider", "paid"],
  ["pay", "failed", "provider", "paid"],
  ["pay", "expired", "provider", "paid"],
  ["pay", "cancelled", "provider", "paid"],
  ["expire", "pending", "provider", "expired"],
  ["expire", "pending", "system", "expired"],
  ["expire", "failed", "provider", "expired"],
  ["expire", "failed", "system", "expired"],
];

describe("payment machine", () => {
  it.each(legal)("allows %s from %s by the %s, to %s", (name, from, actor, to) => {
    expect(canMovePayment(name, from, actor)).toBe(true);
    expect(assertPaymentMove(name, from, actor)).toBe(to);
  });

  it("refuses every other move, state and actor with a named 409 that changes nothing", () => {
    let refused = 0;
    for (const name of Object.keys(PAYMENT_MOVES) as PaymentMove[]) {
      for (const from of PAYMENT_STATUSES) {
        for (const actor of ACTORS) {
          if (legal.some(([n, f, a]) => n === name && f === from && a === actor)) continue;
          expect(canMovePayment(name, from, actor), `${name} from ${from} by ${actor}`).toBe(false);
          expect(() => assertPaymentMove(name, from, actor)).toThrow(IllegalPaymentMoveError);
          refused += 1;
        }
      }
    }
    // 4 moves × 5 states × 2 actors, less the 11 legal ones.
    expect(refused).toBe(29);
  });

  it("answers a refused move with a sentence: a paid payment is never declined, expired or paid again", () => {
    for (const name of ["decline", "expire", "pay"] as const) {
      let error: unknown;
      try {
        assertPaymentMove(name, "paid", "provider");
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(IllegalPaymentMoveError);
      expect((error as IllegalPaymentMoveError).status).toBe(409);
      expect((error as IllegalPaymentMoveError).message).toBe("This payment cannot be changed that way: it is already paid.");
    }
    expect(() => assertPaymentMove("pay", "pending", "system")).toThrow("Only the provider can mark as paid a payment.");
  });

  it("gives the conditional UPDATE its guard, and refuses a guard for an actor the move does not allow", () => {
    expect(paymentMove("pay", "provider")).toEqual({ from: ["pending", "failed", "expired", "cancelled"], to: "paid" });
    expect(paymentMove("expire", "system")).toEqual({ from: ["pending", "failed"], to: "expired" });
    expect(() => paymentMove("pay", "system")).toThrow(/system cannot pay/);
    expect(paymentStart("open", "system")).toBe("pending");
  });

  it("has the states of the database's CHECK constraint; every one is reached but the legacy cancelled", () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual(checkConstraintStates("payments", "payments_status_check").sort());
    for (const rule of Object.values(PAYMENT_MOVES)) for (const s of [...rule.from, ...rule.to]) expect(PAYMENT_STATUSES).toContain(s);
    expect([...reachablePaymentStatuses()].sort()).toEqual(["expired", "failed", "paid", "pending"]);
  });

  it("is written out in decision 080, every start and move by name", () => {
    const record = readFileSync(new URL("../../../docs/decisions/080-payment-machines-and-capture.md", import.meta.url), "utf8");
    for (const name of [...Object.keys(PAYMENT_STARTS), ...Object.keys(PAYMENT_MOVES)]) expect(record, name).toContain(`\`${name}\``);
  });
});
