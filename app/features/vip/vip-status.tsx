import { Crown } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatLongDate } from "~/content/dates";
import { formatGBP, priceWithTerms, products } from "~/content/prices";
import { VipNavigationPending } from "./vip-navigation-pending";

export type VipStatusProps = { membership: { source: string; since: string } | null };

const joinedBy: Record<string, string> = {
  purchase: "bought with this account",
  code: "added with your VIP code",
  campaign: "added with a FixiT campaign code",
};

/** My Account's VIP block: a member's way in, or a non-member's ways to join. */
export function VipStatus({ membership }: VipStatusProps) {
  if (membership) {
    return (
      <>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="accent">
            <Crown aria-hidden="true" />
            VIP member
          </Badge>
          <span>
            Since {formatLongDate(new Date(membership.since))}
            {joinedBy[membership.source] ? ` (${joinedBy[membership.source]})` : ""}.
          </span>
        </p>
        <p className="text-sm text-muted-foreground">Your members&rsquo; page has the VIP posts, our DIY-or-professional guide and your benefits.</p>
        <Button asChild className="self-start">
          <Link to="/secret-blog">Open the VIP members&rsquo; page</Link>
        </Button>
        <VipNavigationPending />
      </>
    );
  }
  return (
    <>
      <p className="text-sm">You are not a VIP member yet.</p>
      <p className="text-sm text-muted-foreground">
        VIP access is {priceWithTerms(products.vipAccess)}. Already have a VIP code? Enter it on the
        early-access page while you are signed in and it is added to your account.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button asChild variant="highlight">
          {/* The VIP checkout for this account: membership is attached as soon as it is paid. */}
          <a href="/checkout/vip" target="_blank" rel="noopener nofollow">
            {`Get VIP access for ${formatGBP(products.vipAccess.pricePence)}`}
            <span className="sr-only"> (opens the checkout in a new tab)</span>
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to="/early-access#vip-code">Enter a VIP code</Link>
        </Button>
      </div>
    </>
  );
}
