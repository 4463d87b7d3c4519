/**
 * An emergency call-out's terms (decision 083), stated in the terms and used by the bookings code:
 * minutes to pay once a fixer accepts, and how long after the arrival time a no-show may be reported.
 * A module of its own: the prices module is in many pages' first load.
 */
export const callOutTerms = { paymentWindowMinutes: 15, noShowGraceMinutes: 30 } as const;
