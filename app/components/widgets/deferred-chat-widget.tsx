import { useEffect, useState, type ComponentType } from "react";
import { chatWidgetTimings } from "./chat-widget-timings";

/**
 * Shows the home page's assistant bubble 2 s after the page has hydrated. The bubble is never in the
 * server HTML, so its code need not be in the first-load JavaScript either: it loads right after
 * hydration, while the 2 s run. (A plain state update, not React.lazy: Suspense's reveal throttle
 * would tie the bubble's appearance to timers beyond the spec's 2 s.)
 */
export function DeferredChatWidget() {
  const [visible, setVisible] = useState(false);
  const [ChatWidget, setChatWidget] = useState<ComponentType | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import("./chat-widget").then((m) => {
      if (!cancelled) setChatWidget(() => m.ChatWidget);
    });
    const timer = setTimeout(() => setVisible(true), chatWidgetTimings.appearAfterMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return visible && ChatWidget ? <ChatWidget /> : null;
}
