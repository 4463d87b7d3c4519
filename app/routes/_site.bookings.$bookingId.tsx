import type { Route } from "./+types/_site.bookings.$bookingId";
import { BookingView } from "~/features/bookings/components/booking-view";
import { bookingPageAction, bookingPageHeaders, bookingPageLoader } from "~/features/bookings/pages.server";
import { bookingQuoteReads } from "~/features/quotes/booking-reads.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: "Your booking", description: "Your booking on FixiT: what you pay, when, and what happens next.", path: `/bookings/${params.bookingId}`, noindex: true });

/** The customer's own booking only: another's id is 404, like one that does not exist. */
export const loader = (args: Route.LoaderArgs) => bookingPageLoader(args, "customer", bookingQuoteReads);

/** Pay, confirm, report a problem, cancel, report a no-show: one POST each, with `intent`. */
export const action = (args: Route.ActionArgs) => bookingPageAction(args, "customer");

export const headers = (args: Route.HeadersArgs) => bookingPageHeaders(args);

export default function CustomerBookingRoute({ loaderData }: Route.ComponentProps) {
  return <BookingView page={loaderData} />;
}
