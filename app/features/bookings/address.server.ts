import { eq } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookingAddresses, type Booking } from "#server/db/schema/bookings.ts";
import { BookingError } from "./errors";
import { readAddressPostcode, type JobAddress } from "./schemas";

/**
 * The job's address and access notes (issue 52; decision 066). Given with the booking, before paying;
 * private: the booking's customer and staff see it, its fixer only from payment until the booking is
 * settled, nobody else (never on leads or quotes, which show the postcode district only).
 */

/** Stores (or, when the customer books the same quote again before paying, replaces) the booking's address. */
export async function saveBookingAddress(tx: DbOrTx, bookingId: number, jobDistrict: string, address: JobAddress, now: Date): Promise<void> {
  const place = readAddressPostcode(address.postcode);
  if (!place) throw new BookingError("invalid", "That doesn't look like a full UK postcode. Enter it like SW1A 1AA or M1 1AE.");
  // The fixer quoted for the job's district: an address elsewhere is a different job.
  if (place.district !== jobDistrict) throw new BookingError("invalid", `The address must be in ${jobDistrict}, the postcode district of the job the fixer quoted for.`);
  const row = { line1: address.line1, line2: address.line2, town: address.town, postcode: place.postcode, accessNotes: address.accessNotes, updatedAt: now };
  await tx
    .insert(bookingAddresses)
    .values({ bookingId, ...row })
    .onConflictDoUpdate({ target: bookingAddresses.bookingId, set: row });
}

/** Whether the booking's fixer may see its address now: paid, and not yet settled (refunded, cancelled or paid out). */
export const fixerSeesAddress = (booking: Pick<Booking, "paidAt" | "settledAt">): boolean => booking.paidAt !== null && booking.settledAt === null;

/** The address as shown: one line per part, and the access notes. */
export type ShownAddress = { lines: string[]; accessNotes: string | null };

export async function bookingAddressOf(db: DbOrTx, bookingId: number): Promise<ShownAddress | null> {
  const [row] = await db.select().from(bookingAddresses).where(eq(bookingAddresses.bookingId, bookingId));
  if (!row) return null;
  return { lines: [row.line1, row.line2, row.town, row.postcode].filter((part): part is string => Boolean(part)), accessNotes: row.accessNotes };
}

/** The address for a calendar invite's LOCATION: one line, its parts separated by commas (the invite escapes them). */
export const addressLocation = (address: ShownAddress): string => address.lines.join(", ");
