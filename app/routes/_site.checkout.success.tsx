import type { Route } from "./+types/_site.checkout.success";
import { loadSuccessPage } from "~/features/payments/checkout.server";
import { FixerStepIndicator } from "~/features/fixers/step-indicator";
import { isSettled, PaymentSuccess } from "~/features/payments/success-page";
import { pageMeta } from "~/lib/seo";

/** After a checkout: the outcome per product (access code, VIP code, thanks); waits for a late confirmation. */
export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Payment", description: "Your FixiT payment.", path: "/checkout/success", noindex: true });

export const loader = ({ request, context }: Route.LoaderArgs) => loadSuccessPage(request, context);

export function headers() {
  return { "cache-control": "private, no-store", "referrer-policy": "no-referrer" };
}

export default function CheckoutSuccessRoute({ loaderData }: Route.ComponentProps) {
  const settled = isSettled(loaderData);
  const steps =
    loaderData.product === "fixerOnboarding" ? <FixerStepIndicator current={settled ? "onboarding" : "payment"} done={settled ? ["details", "payment"] : ["details"]} /> : null;
  return <PaymentSuccess view={loaderData} steps={steps} />;
}
