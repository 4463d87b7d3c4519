import { company } from "~/content/company";
import { formatUkDateTime } from "~/content/dates";
import { bookingVatStatement, fees, formatGBP } from "~/content/prices";
import type { BookingPrice } from "./pricing";

/**
 * A booking payment's itemised receipt, as the receipt email lists it: every figure is the booking's
 * own (fixed when it was made and shown before paying), and the lines add up to the total charged.
 */
export type ReceiptInput = Pick<BookingPrice, "pricePence" | "discountPence" | "customerFeePence" | "creditPence" | "totalPence"> & { paymentId: string; paidAt: Date };

export function receiptLines(r: ReceiptInput): string[] {
  return [
    `Paid ${formatUkDateTime(r.paidAt)} to ${company.legalName}. Payment reference: ${r.paymentId}.`,
    `Price of the work: ${formatGBP(r.pricePence)}`,
    ...(r.discountPence > 0 ? [`Early-bird discount (paid by ${company.brand}): −${formatGBP(r.discountPence)}`] : []),
    `Customer service fee (${fees.customerServiceFeePercent}%): ${formatGBP(r.customerFeePence)}`,
    ...(r.creditPence > 0 ? [`Referral credit: −${formatGBP(r.creditPence)}`] : []),
    `Total charged to your card: ${formatGBP(r.totalPence)}`,
    bookingVatStatement,
  ];
}
