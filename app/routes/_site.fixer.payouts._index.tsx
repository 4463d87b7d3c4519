import type { Route } from "./+types/_site.fixer.payouts._index";
import { PayoutsView } from "~/features/bookings/components/payouts-view";
import { payoutPaths } from "~/features/bookings/payouts";
import { payoutsPageAction, payoutsPageLoader } from "~/features/bookings/payouts-pages.server";
import { bookingQuoteReads } from "~/features/quotes/booking-reads.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Payouts", description: "Your FixiT payout account: where you are paid for confirmed jobs.", path: payoutPaths.page, noindex: true });

/** Approved fixers only (anyone else: 404). */
export const loader = (args: Route.LoaderArgs) => payoutsPageLoader(args);

/** "Connect a payout account": 303 to the provider's onboarding (or the TEST MODE stand-in). */
export const action = (args: Route.ActionArgs) => payoutsPageAction(args, bookingQuoteReads);

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function PayoutsRoute({ loaderData }: Route.ComponentProps) {
  return <PayoutsView page={loaderData} />;
}
