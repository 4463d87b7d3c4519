import type { Route } from "./+types/_site.fixer.payouts.test.$accountId";
import { TestOnboardingView } from "~/features/bookings/components/payouts-view";
import { testOnboardingAction, testOnboardingLoader } from "~/features/bookings/payouts-pages.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: "Test payout account", description: "FixiT test-mode payout account set-up.", path: `/fixer/payouts/test/${params.accountId}`, noindex: true });

/** The TEST MODE stand-in for the provider's onboarding: the fixer's own pending test account only; 404 when Stripe is the provider. */
export const loader = (args: Route.LoaderArgs) => testOnboardingLoader(args);

export const action = (args: Route.ActionArgs) => testOnboardingAction(args);

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function TestOnboardingRoute({ loaderData }: Route.ComponentProps) {
  return <TestOnboardingView page={loaderData} />;
}
