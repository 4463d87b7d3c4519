/** The booking pages (built on this foundation: the customer's and the fixer's view of one booking, and staff's). */
export const bookingPaths = {
  /** The slot page for an accepted quote. */
  newBooking: (quoteId: number) => `/bookings/new?quote=${quoteId}`,
  /** The "Bookings" lists: the customer's and the fixer's own, newest first. */
  customerList: "/account/bookings",
  fixerList: "/fixer/bookings",
  /** The fixer's payout account (payoutPaths.page): here too, so the booking pages link to it without the payouts form's zod. */
  payouts: "/fixer/payouts",
  customer: (bookingId: number) => `/bookings/${bookingId}`,
  fixer: (bookingId: number) => `/fixer/bookings/${bookingId}`,
  staff: (bookingId: number) => `/staff/bookings/${bookingId}`,
  /** A photo the fixer added when marking the job done: for the booking's customer, its fixer and staff only. */
  donePhoto: (bookingId: number, photoId: number) => `/bookings/${bookingId}/done-photos/${photoId}`,
  /** A photo either side added to a case (decision 064): for the booking's customer, its fixer and staff only. */
  casePhoto: (bookingId: number, photoId: number) => `/bookings/${bookingId}/case-photos/${photoId}`,
} as const;
