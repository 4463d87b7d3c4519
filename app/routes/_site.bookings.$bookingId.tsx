import { data } from "react-router";
import type { Route } from "./+types/_site.bookings.$bookingId";
import { requireUser } from "~/features/auth/guard.server";
import { BookingView } from "~/features/bookings/components/booking-view";
import { bookingAction, bookingNotFound, loadBookingPage } from "~/features/bookings/pages.server";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: "Your booking", description: "Your booking on FixiT: what you pay, when, and what happens next.", path: `/bookings/${params.bookingId}`, noindex: true });

/** The customer's own booking only: another's id is 404, like one that does not exist. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const bookingId = parseId(params.bookingId);
  const page = bookingId === null ? null : await loadBookingPage(context, user, "customer", bookingId);
  if (!page) throw bookingNotFound();
  return data(page, { headers: { "cache-control": "private, no-store" } });
}

/** Pay, confirm, report a problem, cancel, report a no-show: one POST each, with `intent`. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const bookingId = parseId(params.bookingId);
  if (bookingId === null) throw bookingNotFound();
  return bookingAction(request, context, user, "customer", bookingId);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  out.set("cache-control", "private, no-store");
  return out;
}

export default function CustomerBookingRoute({ loaderData }: Route.ComponentProps) {
  return <BookingView page={loaderData} />;
}
