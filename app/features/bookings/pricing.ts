import { fees, lateCancellationFee, vipPromotions } from "~/content/prices";

/**
 * A booking's money, in integer pence (decision 044). Every figure here is computed once, when the
 * booking is made, shown to the customer before paying, and stored on the booking row.
 *
 * Rounding rule: a percentage of an amount is rounded half up to the whole penny
 * (5% of £10.10 = 50.5p → 51p; 5% of £10.09 = 50.45p → 50p), by integer arithmetic only.
 * A part-refund's shares are rounded down to the penny; the pennies left over stay with FixiT's fees.
 *
 * Promotions are paid by FixiT: the early-bird discount and referral credit lower what the customer
 * pays, never what the fixer receives (the fixer's charge and net are computed on the price alone).
 */

/** The smallest card charge the providers take (Stripe: 30p in GBP): credit never brings a total below it. */
export const MIN_CHARGE_PENCE = 30;
/** The largest price a booking may have (£50,000). */
export const MAX_PRICE_PENCE = 5_000_000;

function assertPence(value: number, what: string, { positive = false } = {}): void {
  if (!Number.isSafeInteger(value) || value < 0 || (positive && value === 0)) {
    throw new RangeError(`${what} must be a whole ${positive ? "positive" : "non-negative"} number of pence, got ${value}`);
  }
}

/** `percent`% of `amountPence`, rounded half up to the penny. */
export function percentOfPence(amountPence: number, percent: number): number {
  assertPence(amountPence, "amount");
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`percent must be a whole number from 0 to 100, got ${percent}`);
  return Math.floor((amountPence * percent + 50) / 100);
}

export type BookingPrice = {
  pricePence: number;
  /** Early-bird discount on the price (FixiT pays it). */
  discountPence: number;
  /** The customer service fee: 5% of what the customer pays for the work (price − discount). */
  customerFeePence: number;
  /** Referral credit spent (FixiT pays it). */
  creditPence: number;
  /** What the card is charged: price − discount + fee − credit. */
  totalPence: number;
  /** The fixer's 10% service charge on the price, and what the fixer receives on release. */
  fixerChargePence: number;
  fixerNetPence: number;
  /** What a cancellation later than the free-cancellation window costs the customer (paid to the fixer). */
  lateFeePence: number;
};

export type PriceInput = {
  pricePence: number;
  /** The customer has an early-bird place and fewer than three early-bird bookings. */
  earlyBird: boolean;
  /** The customer's unspent referral credit. */
  creditAvailablePence: number;
};

/** The fixer's charge and net for a price: what "you will receive £X" says on a quote. */
export function fixerShare(pricePence: number): { fixerChargePence: number; fixerNetPence: number } {
  const fixerChargePence = percentOfPence(pricePence, fees.fixerServiceChargePercent);
  return { fixerChargePence, fixerNetPence: pricePence - fixerChargePence };
}

export function lateFeeFor(pricePence: number): number {
  return Math.min(percentOfPence(pricePence, lateCancellationFee.percentOfPrice), lateCancellationFee.maxPence);
}

export function priceBooking(input: PriceInput): BookingPrice {
  const { pricePence } = input;
  assertPence(pricePence, "price", { positive: true });
  if (pricePence > MAX_PRICE_PENCE) throw new RangeError(`price above the maximum of ${MAX_PRICE_PENCE} pence`);
  assertPence(input.creditAvailablePence, "credit");
  const discountPence = input.earlyBird ? percentOfPence(pricePence, vipPromotions.earlyBird.discountPercent) : 0;
  const customerFeePence = percentOfPence(pricePence - discountPence, fees.customerServiceFeePercent);
  const subtotal = pricePence - discountPence + customerFeePence;
  const creditPence = Math.min(input.creditAvailablePence, Math.max(0, subtotal - MIN_CHARGE_PENCE));
  return {
    pricePence,
    discountPence,
    customerFeePence,
    creditPence,
    totalPence: subtotal - creditPence,
    ...fixerShare(pricePence),
    lateFeePence: lateFeeFor(pricePence),
  };
}

/** The amounts a booking holds once paid: what the settlement splits. */
export type HeldAmounts = Pick<BookingPrice, "pricePence" | "customerFeePence" | "discountPence" | "creditPence" | "totalPence" | "fixerChargePence">;

/** How a paid booking ends, money-wise. */
export type SettlementOutcome =
  | { kind: "release" }
  | { kind: "refund" }
  | { kind: "late_cancel"; lateFeePence: number }
  /** Staff release `releasePricePence` of the price (more than 0, less than all) and refund the rest. */
  | { kind: "partial"; releasePricePence: number };

/**
 * Where held money goes. The parts always add up to what is held (price + fee): the card total, the
 * FixiT-funded discount and the credit spent.
 * - fixerPayablePence: owed to the fixer (paid out by transfer);
 * - platformFeesPence: FixiT's fee and service charge;
 * - refundPence: back to the customer's card;
 * - creditReturnedPence: referral credit given back to the customer;
 * - promotionsPence: promotion money returned to FixiT's promotions budget (negative: FixiT pays more,
 *   as when a late fee is larger than what the card paid).
 */
export type Settlement = {
  fixerPayablePence: number;
  platformFeesPence: number;
  refundPence: number;
  creditReturnedPence: number;
  promotionsPence: number;
};

export const heldPence = (b: HeldAmounts) => b.pricePence + b.customerFeePence;

export function settle(b: HeldAmounts, outcome: SettlementOutcome): Settlement {
  const held = heldPence(b);
  const none = { fixerPayablePence: 0, platformFeesPence: 0, refundPence: 0, creditReturnedPence: 0, promotionsPence: 0 };
  switch (outcome.kind) {
    case "release":
      return { ...none, fixerPayablePence: b.pricePence - b.fixerChargePence, platformFeesPence: b.customerFeePence + b.fixerChargePence };
    case "refund":
      return { ...none, refundPence: b.totalPence, creditReturnedPence: b.creditPence, promotionsPence: b.discountPence };
    case "late_cancel": {
      const fee = outcome.lateFeePence;
      assertPence(fee, "late fee");
      if (fee > b.pricePence) throw new RangeError("a late fee cannot exceed the price");
      const refundPence = Math.max(0, b.totalPence - fee);
      return { ...none, fixerPayablePence: fee, refundPence, creditReturnedPence: b.creditPence, promotionsPence: held - fee - refundPence - b.creditPence };
    }
    case "partial": {
      const r = outcome.releasePricePence;
      assertPence(r, "released part", { positive: true });
      if (r >= b.pricePence) throw new RangeError("a part release must be less than the price");
      const refundedShare = (amount: number) => Math.floor((amount * (b.pricePence - r)) / b.pricePence);
      const fixerPayablePence = r - percentOfPence(r, fees.fixerServiceChargePercent);
      const refundPence = refundedShare(b.totalPence);
      const creditReturnedPence = refundedShare(b.creditPence);
      const promotionsPence = refundedShare(b.discountPence);
      return {
        fixerPayablePence,
        refundPence,
        creditReturnedPence,
        promotionsPence,
        platformFeesPence: held - fixerPayablePence - refundPence - creditReturnedPence - promotionsPence,
      };
    }
  }
}
