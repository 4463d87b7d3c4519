import type { Route } from "./+types/_site.account_.bookings";
import { BookingsListView, bookingsListCopy } from "~/features/bookings/components/bookings-list";
import { bookingListLoader } from "~/features/bookings/lists.server";
import { bookingPaths } from "~/features/bookings/paths";
import { bookingQuoteReads } from "~/features/quotes/booking-reads.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: bookingsListCopy.customer.title, description: bookingsListCopy.customer.intro, path: bookingPaths.customerList, noindex: true });

/** The signed-in person's own bookings as the customer, newest first, a page at a time. */
export const loader = (args: Route.LoaderArgs) => bookingListLoader(args, "customer", bookingQuoteReads);

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function CustomerBookingsRoute({ loaderData }: Route.ComponentProps) {
  return <BookingsListView page={loaderData} />;
}
