import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BOOKING_STATES } from "#server/db/schema/bookings.ts";
import { FINAL_STATES, IllegalTransitionError, nextState, reachableStates, TRANSITIONS, type TransitionName } from "./state-machine";

describe("booking state machine", () => {
  it("takes the named transitions from the states they name", () => {
    expect(nextState("pay", "pending_payment", "provider", "awaiting_fixer_confirmation")).toBe("awaiting_fixer_confirmation");
    expect(nextState("pay", "pending_payment", "system")).toBe("booked");
    expect(nextState("mark_done", "booked", "fixer")).toBe("done_marked");
    expect(nextState("confirm_done", "done_marked", "customer")).toBe("released");
    expect(nextState("report_problem", "done_marked", "customer")).toBe("disputed");
    expect(nextState("staff_release_part", "disputed", "staff")).toBe("partly_released");
    expect(nextState("staff_refund", "staff_review", "staff")).toBe("refunded");
  });

  it("a no-show claim or a cancellation after the slot started opens a case, settled only by the fixer, the deadline or staff (decision 064)", () => {
    expect(nextState("report_no_show", "booked", "customer")).toBe("claim_open");
    expect(nextState("cancel_after_start", "booked", "customer")).toBe("claim_open");
    expect(nextState("agree_claim", "claim_open", "fixer", "no_show")).toBe("no_show");
    expect(nextState("agree_claim", "claim_open", "fixer", "cancelled_late")).toBe("cancelled_late");
    expect(nextState("contest_claim", "claim_open", "fixer")).toBe("claim_contested");
    expect(nextState("claim_unanswered", "claim_open", "system", "no_show")).toBe("no_show");
    expect(nextState("staff_refund", "claim_contested", "staff")).toBe("refunded");
    expect(nextState("staff_release", "claim_contested", "staff")).toBe("released");
    // Nobody but the fixer answers; the customer cannot settle their own claim; staff decide only once contested.
    expect(() => nextState("agree_claim", "claim_open", "customer")).toThrow(IllegalTransitionError);
    expect(() => nextState("contest_claim", "claim_open", "staff")).toThrow(IllegalTransitionError);
    expect(() => nextState("staff_refund", "claim_open", "staff")).toThrow(IllegalTransitionError);
    expect(() => nextState("contest_claim", "claim_contested", "fixer")).toThrow(IllegalTransitionError);
  });

  it.each<[TransitionName, string, "customer" | "fixer" | "staff" | "system"]>([
    ["confirm_done", "released", "customer"], // confirm twice
    ["staff_refund", "released", "staff"], // refund after release
    ["cancel_by_customer", "done_marked", "customer"], // cancel after done
    ["mark_done", "pending_payment", "fixer"],
    ["report_problem", "released", "customer"],
    ["lapse", "booked", "system"],
  ])("refuses %s from %s with a 409 and a sentence", (name, state, actor) => {
    let error: unknown;
    try {
      nextState(name, state as never, actor);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(IllegalTransitionError);
    expect((error as IllegalTransitionError).status).toBe(409);
    expect((error as IllegalTransitionError).message).toMatch(/^This booking cannot be changed that way: it is .+\.$/);
  });

  it("refuses the right transition by the wrong person", () => {
    expect(() => nextState("confirm_done", "done_marked", "fixer")).toThrow(/Only customer can confirm a booking/);
    expect(() => nextState("mark_done", "booked", "customer")).toThrow(IllegalTransitionError);
    expect(() => nextState("staff_release", "disputed", "customer")).toThrow(IllegalTransitionError);
  });

  it("derives the final states: the eleven closed ones, and no others", () => {
    expect([...FINAL_STATES].sort()).toEqual(
      ["cancelled_by_customer", "cancelled_by_fixer", "cancelled_late", "chargeback_lost", "expired", "lapsed", "no_show", "partly_released", "refunded", "released", "slot_declined"],
    );
  });

  it("never leaves a final state, and reaches every state", () => {
    for (const [name, rule] of Object.entries(TRANSITIONS)) {
      for (const from of rule.from) expect(FINAL_STATES, `${name} leaves ${from}`).not.toContain(from);
    }
    expect([...reachableStates()].sort()).toEqual([...BOOKING_STATES].sort());
  });

  it("is drawn in decision 087 with every transition (generated from the table: process-diagrams.test.ts)", () => {
    const record = readFileSync(new URL("../../../docs/decisions/087-the-booking-process-as-one-table.md", import.meta.url), "utf8");
    for (const [name, rule] of Object.entries(TRANSITIONS)) {
      for (const from of rule.from) for (const to of rule.to) expect(record, `${from} --> ${to} : ${name}`).toContain(`${from} --> ${to} : ${name}`);
    }
  });
});
