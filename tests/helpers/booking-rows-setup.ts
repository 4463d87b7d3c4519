import { fillBookingRowsPort } from "~/features/bookings/rows-port.server";
import { bookingRowsPort } from "~/features/emergency/booking-rows.server";

// The tests call the features' functions in their own process too (setting up state, driving the
// booking process): bookings' rows port filled there as the composition root fills it in the server's.
fillBookingRowsPort(bookingRowsPort);
