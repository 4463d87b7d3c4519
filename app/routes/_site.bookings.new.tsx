import { data } from "react-router";
import type { Route } from "./+types/_site.bookings.new";
import { requireUser } from "~/features/auth/guard.server";
import { NewBookingView } from "~/features/bookings/components/booking-view";
import { loadNewBookingPage, newBookingAction } from "~/features/bookings/pages.server";
import { acceptAndBook } from "~/features/quotes/accept-and-book.server";
import { bookingQuoteReads } from "~/features/quotes/booking-reads.server";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Book", description: "Choose when your fixer starts.", path: "/bookings/new", noindex: true });

const notFound = () => data("There is no accepted quote of yours to book here.", { status: 404, headers: { "cache-control": "private, no-store" } });

/** /bookings/new?quote=<id>: the customer's accepted quote only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const quoteId = parseId(new URL(request.url).searchParams.get("quote"));
  const page = quoteId === null ? null : await loadNewBookingPage(context, bookingQuoteReads, user, quoteId);
  if (!page) throw notFound();
  return data(page, { headers: { "cache-control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const quoteId = parseId(new URL(request.url).searchParams.get("quote"));
  if (quoteId === null) throw notFound();
  return newBookingAction(request, context, user, quoteId, acceptAndBook);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  out.set("cache-control", "private, no-store");
  return out;
}

export default function NewBookingRoute({ loaderData }: Route.ComponentProps) {
  return <NewBookingView page={loaderData} />;
}
