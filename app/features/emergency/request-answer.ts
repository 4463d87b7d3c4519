/**
 * What the emergency form shows before sending (decision 081): the service's published emergency
 * rate range, how many fixers are on call near the postcode now, and what the customer pays up
 * front: a call-out covering the first hour at the fixer's rate plus the customer service fee,
 * by the bookings' own pricing rule (`priceBooking`). A range over the on-call fixers' actual
 * rates when there are some, else over the published range. The server words it; the page gets the answer.
 */
import { fees, formatGBP } from "~/content/prices";
import { priceBooking } from "~/features/bookings/pricing";
import { emergencyRates, emergencyServiceName, rateRangeText, type EmergencyService } from "./rates";

export type UpFront = { minPence: number; maxPence: number };

export type OnCallAnswer = {
  service: EmergencyService;
  serviceName: string;
  /** "SW1" */
  district: string;
  postcode: string;
  onCall: number;
  /** "£65–£85 an hour" */
  rateRange: string;
  upFront: UpFront;
  /** "£78.75" or "£78.75 to £84": worded here, so the page loads no price tables. */
  upFrontText: string;
  feePercent: number;
};

/** The call-out for one hour at `ratePence`, with the customer service fee, as a booking prices it. */
export function callOutTotalPence(ratePence: number): number {
  const price = priceBooking({ pricePence: ratePence, earlyBird: false, creditAvailablePence: 0 });
  return price.pricePence + price.customerFeePence;
}

export function onCallAnswer(service: EmergencyService, place: { postcode: string; district: string }, onCallRates: readonly number[]): OnCallAnswer {
  const rates = onCallRates.length ? onCallRates : [emergencyRates[service].minPence, emergencyRates[service].maxPence];
  const upFront = { minPence: callOutTotalPence(Math.min(...rates)), maxPence: callOutTotalPence(Math.max(...rates)) };
  return {
    service,
    serviceName: emergencyServiceName(service),
    district: place.district,
    postcode: place.postcode,
    onCall: onCallRates.length,
    rateRange: rateRangeText(service),
    upFront,
    upFrontText: upFront.minPence === upFront.maxPence ? formatGBP(upFront.minPence) : `${formatGBP(upFront.minPence)} to ${formatGBP(upFront.maxPence)}`,
    feePercent: fees.customerServiceFeePercent,
  };
}

export { mentionsGas } from "./gas";
