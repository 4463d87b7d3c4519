import { Crown, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ComponentType } from "react";
import { Link } from "~/lib/routing";
import { useWidgetClearance } from "~/features/consent/use-widget-clearance";
import { cn } from "~/lib/utils";
import type { VipOfferCardProps } from "./vip-offer-card";

/** The card opens after 700 ms of hover or focus (a passing pointer does not open it) and closes 300 ms after leaving. */
export const vipHoverCardTimings = {
  openDelayMs: 700,
  closeDelayMs: 300,
} as const;

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
  // Measured on the pill alone: the open card may reach over the page, it closes when the visitor leaves it.
  const pillRef = useRef<HTMLDivElement>(null);
  const { lift, covering } = useWidgetClearance(pillRef, !dismissed);
  // The card's copy and prices load when the visitor reaches for the pill (700 ms before it opens),
  // not with the page.
  const [OfferCard, setOfferCard] =
    useState<ComponentType<VipOfferCardProps> | null>(null);
  const preloadCard = () => {
    if (!OfferCard)
      void import("./vip-offer-card").then((m) =>
        setOfferCard(() => m.VipOfferCard),
      );
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => setOpen(next),
      next ? vipHoverCardTimings.openDelayMs : vipHoverCardTimings.closeDelayMs,
    );
  };

  if (dismissed) return null;

  return (
    <div
      ref={rootRef}
      data-vip-hover-card=""
      className={cn(
        // On phones only one widget floats, the assistant's bubble; the offer stays a tap away in the menu.
        "fixed left-4 z-40 flex max-w-[calc(100vw-6.5rem)] flex-col items-start gap-2 max-sm:hidden sm:left-6",
        covering && !open && "invisible",
      )}
      style={{ bottom: `calc(1rem + ${lift}px)` }}
      onPointerEnter={(event) => {
        preloadCard();
        if (event.pointerType === "mouse") schedule(true);
      }}
      onPointerLeave={(event) => {
        if (
          event.pointerType === "mouse" &&
          !rootRef.current?.contains(document.activeElement)
        )
          schedule(false);
      }}
      onFocus={() => {
        preloadCard();
        if (!open) schedule(true);
        else clearTimeout(timer.current);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null))
          schedule(false);
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
      <div ref={pillRef} className="flex items-center rounded-full bg-background shadow-overlay">
        <Link
          ref={triggerRef}
          to="/early-access"
          aria-describedby={open && OfferCard ? cardId : undefined}
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
      {open && OfferCard ? (
        <OfferCard id={cardId} onDismiss={() => setDismissed(true)} />
      ) : null}
    </div>
  );
}
