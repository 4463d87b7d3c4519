import { Crown, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { formatLongDate, isPast, milestones } from "~/content/dates";
import { formatGBP, products } from "~/content/prices";
import { useWidgetClearance } from "~/features/assistant/use-widget-clearance";
import { cn } from "~/lib/utils";

/** Spec §9: the card opens after 700 ms of hover or focus and closes 300 ms after leaving. */
export const vipHoverCardTimings = { openDelayMs: 700, closeDelayMs: 300 } as const;

/**
 * The VIP early-access card (bottom left of the home page). The trigger is itself a link to
 * /early-access, so touch and keyboard users reach the offer without the card; the card adds detail.
 * Written without a popper: it is pinned to a screen corner, and its content follows the trigger in
 * the DOM so Tab moves into it while it is open.
 */
export function VipHoverCard() {
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cardId = useId();
  const { lift, covering } = useWidgetClearance(rootRef, !dismissed);

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), next ? vipHoverCardTimings.openDelayMs : vipHoverCardTimings.closeDelayMs);
  };

  if (dismissed) return null;

  const price = formatGBP(products.vipAccess.pricePence);
  const earlyAccess = formatLongDate(milestones.vipEarlyAccess);
  const dateLine = isPast(milestones.vipEarlyAccess)
    ? `VIP members have had early access since ${earlyAccess}.`
    : `VIP early access opens on ${earlyAccess}.`;

  return (
    <div
      ref={rootRef}
      data-vip-hover-card=""
      className={cn("fixed left-4 z-40 flex max-w-[calc(100vw-6.5rem)] flex-col items-start gap-2 sm:left-6", covering && !open && "invisible")}
      style={{ bottom: `calc(1rem + ${lift}px)` }}
      onPointerEnter={(event) => {
        if (event.pointerType === "mouse") schedule(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse" && !rootRef.current?.contains(document.activeElement)) schedule(false);
      }}
      onFocus={() => {
        if (!open) schedule(true);
        else clearTimeout(timer.current);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) schedule(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          clearTimeout(timer.current);
          setOpen(false);
          triggerRef.current?.focus();
        }
      }}
    >
      <div className="flex items-center rounded-full bg-background shadow-overlay">
        <Link
          ref={triggerRef}
          to="/early-access"
          aria-describedby={open ? cardId : undefined}
          className="flex min-h-11 items-center gap-2 rounded-l-full bg-accent py-2 pr-3 pl-4 text-sm font-semibold text-accent-foreground hover:bg-accent/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Crown aria-hidden="true" className="size-4" />
          VIP Early Access
        </Link>
        <button
          type="button"
          aria-label="Dismiss the VIP early access offer"
          onClick={() => setDismissed(true)}
          className="flex size-11 cursor-pointer items-center justify-center rounded-r-full bg-accent text-accent-foreground hover:bg-accent/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {/* After the trigger in the DOM so Tab moves into it; drawn above it with order-first. */}
      {open ? (
        <div
          id={cardId}
          role="region"
          aria-label="VIP early access offer"
          className="order-first w-72 max-w-full animate-fade-in rounded-xl border border-border bg-popover p-4 text-popover-foreground shadow-overlay"
        >
          <p className="flex items-center gap-2 font-semibold">
            <Crown aria-hidden="true" className="size-5 text-accent" />
            VIP Early Access
          </p>
          <p className="mt-2 text-small">
            Join VIP for a one-time {price} ({products.vipAccess.terms}): our members-only blog with progress updates, early-bird offers and
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
              onClick={() => setDismissed(true)}
              className="inline-flex h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              No thanks
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
