import { describe, expect, it } from "vitest";
import { BOOKING_NOTICES } from "./booking-copy";
import { BOOKING_PROCESS, BOOKING_TIMERS, PROCESS_ROWS, type BookingTimer } from "./process";

/** The process table holds together: what one row names, another row (or the copy) has. */
describe("the booking process table", () => {
  const timers = Object.entries(BOOKING_TIMERS) as [BookingTimer, (typeof BOOKING_TIMERS)[BookingTimer]][];

  it("a row ends exactly the timers of the states it leaves, and starts only timers of a state it leads to", () => {
    for (const [name, row] of PROCESS_ROWS) {
      const left = timers.filter(([, t]) => row.from.includes(t.in) && !row.to.includes(t.in)).map(([timer]) => timer);
      expect([...(row.cancels ?? [])].sort(), `${name} cancels`).toEqual(left.sort());
      for (const timer of row.starts ?? []) expect(row.to, `${name} starts ${timer}`).toContain(BOOKING_TIMERS[timer].in);
    }
  });

  it("a timer takes a row the system may take from the timer's state, or tells with a notice of the copy", () => {
    for (const [timer, rule] of timers) {
      if ("takes" in rule) {
        const row = BOOKING_PROCESS[rule.takes];
        expect(row.by, timer).toContain("system");
        expect(row.from, timer).toContain(rule.in);
      } else {
        expect(Object.keys(BOOKING_NOTICES), timer).toContain(rule.notify);
      }
    }
  });

  it("a guard that requires an earlier transition names a row that keeps the booking in the state it requires it in", () => {
    for (const [name, row] of PROCESS_ROWS) {
      for (const guard of row.guards ?? []) {
        if (!("requires" in guard)) continue;
        const required = PROCESS_ROWS.find(([n]) => n === guard.requires)?.[1];
        expect(required, `${name} requires ${guard.requires}`).toBeDefined();
        for (const state of row.from) expect(required!.from.includes(state) && required!.to.includes(state), `${guard.requires} keeps ${state}`).toBe(true);
      }
    }
  });

  it("a page action has its flash, and the rows sharing an intent share its button", () => {
    const byIntent = new Map<string, string>();
    for (const [name, row] of PROCESS_ROWS) {
      if (!row.page) continue;
      expect(row.flash, `${name} flash`).toBeDefined();
      expect(row.by.some((actor) => actor === "customer" || actor === "fixer"), `${name} is taken by a person`).toBe(true);
      const seen = byIntent.get(row.page.intent);
      if (seen) expect(row.page.label, `${name} shares ${row.page.intent}`).toBe(seen);
      byIntent.set(row.page.intent, row.page.label);
    }
  });

  it("a settlement per state names only states the row leads to", () => {
    for (const [name, row] of PROCESS_ROWS) {
      if (typeof row.settlement === "string") continue;
      for (const state of Object.keys(row.settlement)) expect(row.to, name).toContain(state);
    }
  });
});
