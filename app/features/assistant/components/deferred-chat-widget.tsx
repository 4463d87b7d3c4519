import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { useAfterLoad } from "~/lib/after-load";
import { chatWidgetTimings } from "./chat-widget-timings";

/**
 * Shows the home page's assistant bubble 2 s after the page has loaded. The bubble is never in the
 * server HTML, so its code need not be in the first-load JavaScript either: it loads after the
 * window's load event, while the 2 s run, so it never competes with the page's own loading and
 * hydration. (A plain state update, not React.lazy: Suspense's reveal throttle would tie the
 * bubble's appearance to timers beyond the 2 s.)
 */
export function DeferredChatWidget() {
  const loaded = useAfterLoad();
  const [visible, setVisible] = useState(false);
  const [ChatWidget, setChatWidget] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!loaded) return;
    let cancelled = false;
    void import("./chat-widget").then((m) => {
      if (!cancelled) setChatWidget(() => m.ChatWidget);
    });
    const timer = setTimeout(() => setVisible(true), chatWidgetTimings.appearAfterMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [loaded]);
  return visible && ChatWidget ? <ChatWidget /> : null;
}

const VipHoverCard = lazy(() => import("~/features/vip/components/vip-hover-card").then((m) => ({ default: m.VipHoverCard })));

/** The home page's VIP early-access pill: its code loads and it mounts after the load event. */
export function DeferredVipHoverCard() {
  const loaded = useAfterLoad();
  return loaded ? (
    <Suspense fallback={null}>
      <VipHoverCard />
    </Suspense>
  ) : null;
}
