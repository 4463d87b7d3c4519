import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/_site.checkout.vip";
import { Button } from "~/components/ui/button";
import { startCheckout } from "~/features/payments/checkout.server";
import { vipBenefits } from "~/features/vip/content";
import { pageMeta } from "~/lib/seo";

/**
 * 'Get VIP access' opens this in a new tab. Opening it records nothing: the page says what VIP
 * gives and its button POSTs, which starts a checkout (for the signed-in account, if any) and
 * goes on to the checkout page. A payment record exists only once the visitor chose to pay.
 */
export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "VIP checkout", description: "Buy FixiT VIP early access.", path: "/checkout/vip", noindex: true });

const RETURN_PATH = "/early-access#vip-access";

export function loader() {
  return { benefits: vipBenefits(new Date()) };
}

export const action = ({ request, context }: Route.ActionArgs) => startCheckout(request, context, "vipAccess", RETURN_PATH);

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function VipCheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-bold">VIP early access</h1>
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm">
        {loaderData.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {actionData?.status === "error" ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          {actionData.message}
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" variant="highlight" loading={busy}>
          Continue to payment
        </Button>
        <Button asChild variant="ghost">
          <Link to={RETURN_PATH}>Back to early access</Link>
        </Button>
      </Form>
      <p className="text-sm text-muted-foreground">You pay on the next page. You get your VIP code by email and on screen once it goes through.</p>
    </div>
  );
}
