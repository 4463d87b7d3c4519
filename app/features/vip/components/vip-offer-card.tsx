import { Crown } from "lucide-react";
import { Link } from "~/lib/routing";
import { formatLongDate, isPast, milestones } from "~/content/dates";
import { formatGBP, priceWithTerms, products } from "~/content/prices";

export type VipOfferCardProps = { id: string; onDismiss: () => void };

/** The VIP hover card's body (loaded on demand by ./vip-hover-card). */
export function VipOfferCard({ id, onDismiss }: VipOfferCardProps) {
  const price = formatGBP(products.vipAccess.pricePence);
  const earlyAccess = formatLongDate(milestones.vipEarlyAccess);
  const dateLine = isPast(milestones.vipEarlyAccess)
    ? `VIP members have had early access since ${earlyAccess}.`
    : `VIP early access opens on ${earlyAccess}.`;
  return (
    <div
      id={id}
      role="region"
      aria-label="VIP early access offer"
      className="order-first w-72 max-w-full animate-fade-in rounded-xl border border-border bg-popover p-4 text-popover-foreground shadow-overlay"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Crown aria-hidden="true" className="size-5 text-accent" />
        VIP Early Access
      </p>
      <p className="mt-2 text-small">
        Join VIP for {priceWithTerms(products.vipAccess)}: our
        members-only blog with progress updates, home-maintenance guides and a
        first look at new features.
      </p>
      <p className="mt-2 text-small text-muted-foreground">{dateLine}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link
          to="/early-access"
          className="inline-flex h-9 items-center rounded-md bg-accent px-3 text-sm font-medium text-accent-foreground hover:bg-accent/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Get VIP access for {price}
        </Link>
        <button
          type="button"
          onClick={onDismiss}
          className="inline-flex h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          No thanks
        </button>
      </div>
    </div>
  );
}
