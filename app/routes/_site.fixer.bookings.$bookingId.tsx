import { data } from "react-router";
import type { Route } from "./+types/_site.fixer.bookings.$bookingId";
import { requireUser } from "~/features/auth/guard.server";
import { BookingView } from "~/features/bookings/components/booking-view";
import { bookingAction, bookingNotFound, loadBookingPage } from "~/features/bookings/pages.server";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: "Booking", description: "A booking on FixiT: when, what you receive, and what happens next.", path: `/fixer/bookings/${params.bookingId}`, noindex: true });

/** The fixer's own booking only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const bookingId = parseId(params.bookingId);
  const page = bookingId === null ? null : await loadBookingPage(context, user, "fixer", bookingId);
  if (!page) throw bookingNotFound();
  return data(page, { headers: { "cache-control": "private, no-store" } });
}

/** Confirm or decline a proposed slot, mark done, cancel: one POST each, with `intent`. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const bookingId = parseId(params.bookingId);
  if (bookingId === null) throw bookingNotFound();
  return bookingAction(request, context, user, "fixer", bookingId);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  out.set("cache-control", "private, no-store");
  return out;
}

export default function FixerBookingRoute({ loaderData }: Route.ComponentProps) {
  return <BookingView page={loaderData} />;
}
