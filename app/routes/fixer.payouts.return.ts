import type { Route } from "./+types/fixer.payouts.return";
import { stripeReturnLoader } from "~/features/bookings/payouts-pages.server";

/** Stripe's onboarding sends the fixer back here: ask Stripe whether payouts are enabled, then go to /fixer/payouts. */
export const loader = (args: Route.LoaderArgs) => stripeReturnLoader(args);
