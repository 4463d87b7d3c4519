import { describe, expect, it } from "vitest";
import { bookingIdOf, chargeMismatches, chargeOfSession, checkedSummary, type ChargeCheck } from "./reconciliation";
import { stripeProviderBooks, type StripeBooksClient } from "./reconciliation.server";

const check = (fields: Partial<ChargeCheck>): ChargeCheck => ({ paymentId: "pay-1", bookingId: 7, reference: "cs_1", ledgerPence: 10_500, provider: { id: "pi_1", amountPence: 10_500 }, ...fields });

describe("chargeMismatches", () => {
  it("finds nothing when the ledger and the provider agree, or when neither has the payment", () => {
    expect(chargeMismatches([check({}), check({ ledgerPence: null, provider: null })])).toEqual([]);
  });

  it("a charge the ledger recorded that the provider did not take is missing at the provider", () => {
    expect(chargeMismatches([check({ provider: null })])).toEqual([
      expect.objectContaining({ kind: "missing_at_provider", moneyKind: "charge", bookingId: 7, operationId: null, providerObjectId: "cs_1", ledgerPence: 10_500, providerPence: null }),
    ]);
    // Without a provider reference, the payment id names it.
    expect(chargeMismatches([check({ provider: null, reference: null })])[0]?.providerObjectId).toBe("pay-1");
  });

  it("a charge for another amount differs", () => {
    expect(chargeMismatches([check({ provider: { id: "pi_1", amountPence: 10_400 } })])).toEqual([
      expect.objectContaining({ kind: "amount_differs", moneyKind: "charge", providerObjectId: "pi_1", ledgerPence: 10_500, providerPence: 10_400 }),
    ]);
  });

  it("a charge the provider took that the ledger never recorded is a ledger difference", () => {
    expect(chargeMismatches([check({ ledgerPence: null })])).toEqual([
      expect.objectContaining({ kind: "ledger_differs", moneyKind: "charge", providerObjectId: "pi_1", ledgerPence: 0, providerPence: 10_500 }),
    ]);
  });
});

describe("chargeOfSession", () => {
  const session = { id: "cs_1", payment_status: "paid", amount_total: 10_500, payment_intent: null };

  it("reads the expanded PaymentIntent: what it received once it succeeded, nothing otherwise", () => {
    expect(chargeOfSession({ ...session, payment_intent: { id: "pi_1", status: "succeeded", amount_received: 10_400 } })).toEqual({ id: "pi_1", amountPence: 10_400 });
    for (const status of ["canceled", "requires_payment_method", "processing"]) {
      expect(chargeOfSession({ ...session, payment_intent: { id: "pi_1", status, amount_received: 0 } })).toBeNull();
    }
  });

  it("without the intent, the session's total once paid", () => {
    expect(chargeOfSession(session)).toEqual({ id: "cs_1", amountPence: 10_500 });
    expect(chargeOfSession({ ...session, payment_intent: "pi_1" })).toEqual({ id: "cs_1", amountPence: 10_500 });
    expect(chargeOfSession({ ...session, payment_status: "unpaid" })).toBeNull();
  });
});

describe("bookingIdOf", () => {
  it("reads a transfer group or a metadata booking id, nothing else", () => {
    expect(bookingIdOf("booking-42")).toBe(42);
    expect(bookingIdOf("42")).toBe(42);
    for (const other of [null, undefined, "", "booking-", "booking-4x", "group-42", "3f2a9c1e-0000-4000-8000-000000000000", "booking-1234567890123456"]) {
      expect(bookingIdOf(other)).toBeNull();
    }
  });
});

describe("Stripe's transfers and refunds no operation asked for", () => {
  async function* each<T>(items: T[]) {
    yield* items;
  }

  it("lists both with the window and page size, skips known, reversed and failed ones, and names the booking", async () => {
    const asked: unknown[] = [];
    const client = {
      transfers: {
        list: (params: unknown) => {
          asked.push(params);
          return each([
            { id: "tr_known", amount: 500, amount_reversed: 0, transfer_group: "booking-1", metadata: {} },
            { id: "tr_reversed", amount: 500, amount_reversed: 500, transfer_group: "booking-2", metadata: {} },
            { id: "tr_stranger", amount: 700, amount_reversed: 200, transfer_group: "booking-3", metadata: {} },
            { id: "tr_by_metadata", amount: 300, amount_reversed: 0, transfer_group: null, metadata: { booking_id: "4" } },
          ]);
        },
      },
      refunds: {
        list: (params: unknown) => {
          asked.push(params);
          return each([
            { id: "re_failed", amount: 100, status: "failed", metadata: {} },
            { id: "re_dashboard", amount: 250, status: "succeeded", metadata: null },
          ]);
        },
      },
    } as unknown as StripeBooksClient;
    const since = new Date("2026-03-01T00:00:00Z");
    const asks: string[][] = [];
    const known = async (ids: string[]) => {
      asks.push(ids);
      return new Set(ids.filter((id) => id === "tr_known"));
    };
    const found = [];
    for await (const page of stripeProviderBooks(async () => client).unknown(since, known)) found.push(...page);
    // Each listed page's ids are asked about at once, reversed and failed ones included (they may be ours).
    expect(asks).toEqual([
      ["tr_known", "tr_reversed", "tr_stranger", "tr_by_metadata"],
      ["re_failed", "re_dashboard"],
    ]);
    expect(found).toEqual([
      { id: "tr_stranger", kind: "transfer", amountPence: 500, bookingId: 3 },
      { id: "tr_by_metadata", kind: "transfer", amountPence: 300, bookingId: 4 },
      { id: "re_dashboard", kind: "refund", amountPence: 250, bookingId: null },
    ]);
    const gte = since.getTime() / 1000;
    expect(asked).toEqual([
      { created: { gte }, limit: 100 },
      { created: { gte }, limit: 100 },
    ]);
  });
});

describe("checkedSummary", () => {
  it("names every kind with its count, zero included, in the singular for one", () => {
    expect(checkedSummary({ charges: 0, transfers: 0, refunds: 0 })).toBe("0 charges, 0 transfers and 0 refunds");
    expect(checkedSummary({ charges: 1, transfers: 2, refunds: 1 })).toBe("1 charge, 2 transfers and 1 refund");
  });
});
