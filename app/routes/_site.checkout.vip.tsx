import { Link } from "react-router";
import type { Route } from "./+types/_site.checkout.vip";
import { Button } from "~/components/ui/button";
import { startCheckout } from "~/features/payments/checkout.server";
import { pageMeta } from "~/lib/seo";

/**
 * 'Get VIP access' opens this in a new tab: it starts a VIP checkout (for the signed-in account, if
 * any) and redirects to the checkout page. Only a failure renders anything.
 */
export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "VIP checkout", description: "Buy FixiT VIP early access.", path: "/checkout/vip", noindex: true });

export const loader = ({ request, context }: Route.LoaderArgs) => startCheckout(request, context, "vipAccess", "/early-access#vip-access");

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function VipCheckoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-14">
      <h1 className="text-2xl font-bold">VIP checkout</h1>
      <p role="alert">{loaderData.error}</p>
      <Button asChild className="self-start">
        <Link to={loaderData.returnPath}>Back to early access</Link>
      </Button>
    </div>
  );
}
