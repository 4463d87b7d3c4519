import { SLOT_WINDOW_LABELS, SLOT_WINDOWS } from "~/features/bookings/slots";

/** The time-of-day choices of every slot field (the quote form, booking, moving a booking). */
export function SlotWindowOptions() {
  return SLOT_WINDOWS.map((w) => (
    <option key={w} value={w}>
      {SLOT_WINDOW_LABELS[w]}
    </option>
  ));
}
