import type { Route } from "./+types/_site.fixer.bookings.$bookingId";
import { BookingView } from "~/features/bookings/components/booking-view";
import { bookingPageAction, bookingPageHeaders, bookingPageLoader } from "~/features/bookings/pages.server";
import { bookingQuoteReads } from "~/features/quotes/booking-reads.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: "Booking", description: "A booking on FixiT: when, what you receive, and what happens next.", path: `/fixer/bookings/${params.bookingId}`, noindex: true });

/** The fixer's own booking only. */
export const loader = (args: Route.LoaderArgs) => bookingPageLoader(args, "fixer", bookingQuoteReads);

/** Confirm or decline a proposed slot, mark done, cancel: one POST each, with `intent`. */
export const action = (args: Route.ActionArgs) => bookingPageAction(args, "fixer");

export const headers = (args: Route.HeadersArgs) => bookingPageHeaders(args);

export default function FixerBookingRoute({ loaderData }: Route.ComponentProps) {
  return <BookingView page={loaderData} />;
}
