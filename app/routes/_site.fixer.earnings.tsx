import type { Route } from "./+types/_site.fixer.earnings";
import { EarningsView } from "~/features/bookings/components/earnings-view";
import { payoutPaths } from "~/features/bookings/payouts";
import { earningsPageLoader } from "~/features/bookings/payouts-pages.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Earnings", description: "Your FixiT earnings: held, awaiting confirmation, released and paid out.", path: payoutPaths.earnings, noindex: true });

/** Approved fixers only (anyone else: 404). */
export const loader = (args: Route.LoaderArgs) => earningsPageLoader(args);

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function EarningsRoute({ loaderData }: Route.ComponentProps) {
  return <EarningsView page={loaderData} />;
}
