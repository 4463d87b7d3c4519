import type { Route } from "./+types/checkout.test.$paymentId";
import { loadTestCheckout, submitTestCheckout } from "~/features/payments/checkout.server";
import { TestCheckoutPage } from "~/features/payments/test-checkout-page";
import { pageMeta } from "~/lib/seo";

/** The TEST MODE checkout (the `test` payment provider). A 404 when Stripe is the provider. */
export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: "Test checkout", description: "FixiT test-mode card payment.", path: `/checkout/test/${params.paymentId}`, noindex: true });

export const loader = ({ params, context }: Route.LoaderArgs) => loadTestCheckout(context, params.paymentId);

export const action = ({ request, params, context }: Route.ActionArgs) => submitTestCheckout(request, context, params.paymentId);

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function TestCheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <TestCheckoutPage {...loaderData} result={actionData} />;
}
