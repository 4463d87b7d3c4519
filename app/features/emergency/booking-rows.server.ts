import { eq } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { emergencyRequests } from "#server/db/schema/emergency.ts";
import type { BookingRowsPort } from "~/features/bookings/rows-port.server";
import { quotesBookingRows } from "~/features/quotes/booking-reads.server";

/** The request a call-out booking answers, as its emails and pages show it (bookings reads it through its rows port). */
async function callOutRequest(tx: DbOrTx, requestId: number) {
  const [row] = await tx
    .select({ customerUserId: emergencyRequests.customerUserId, service: emergencyRequests.service, postcode: emergencyRequests.postcode, district: emergencyRequests.district })
    .from(emergencyRequests)
    .where(eq(emergencyRequests.id, requestId));
  return row ?? null;
}

/**
 * Bookings' rows port, whole (decision 089): quotes' rows, and this feature's call-out requests.
 * Emergency imports both quotes and bookings, so the port is put together here, once; the composition
 * root fills it at start, the tests in their setup.
 */
export const bookingRowsPort: BookingRowsPort = { ...quotesBookingRows, callOutRequest };
