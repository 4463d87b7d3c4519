import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Spinner } from "~/components/ui/spinner";
import { useWidgetClearance } from "~/features/consent/use-widget-clearance";
import { cn } from "~/lib/utils";

import { chatWidgetTimings } from "./chat-widget-timings";

// The conversation, its replies and the price data load only when the visitor reaches for the bubble,
// so the home page's first-load JavaScript carries just this small shell.
const loadPanel = () => import("~/features/assistant/components/chat-widget-panel");
const ChatWidgetPanel = lazy(loadPanel);

const panelId = "fixit-chat-widget-panel";

/** The home page's floating assistant bubble (bottom right) and its chat panel, shown once `DeferredChatWidget` says so. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [nudging, setNudging] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const bubbleRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const { lift, covering } = useWidgetClearance(rootRef, !open);

  // A short nudge every 30 s until the visitor has opened the chat; none if they prefer less motion.
  useEffect(() => {
    if (open || everOpened) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let stop: ReturnType<typeof setTimeout> | undefined;
    const interval = setInterval(() => {
      setNudging(true);
      stop = setTimeout(() => setNudging(false), chatWidgetTimings.nudgeForMs);
    }, chatWidgetTimings.nudgeEveryMs);
    return () => {
      clearInterval(interval);
      clearTimeout(stop);
      setNudging(false);
    };
  }, [open, everOpened]);

  const close = useCallback((options: { returnFocus?: boolean } = {}) => {
    setOpen(false);
    if (options.returnFocus !== false) requestAnimationFrame(() => bubbleRef.current?.focus());
  }, []);

  return (
    <div
      ref={rootRef}
      data-chat-widget=""
      className="pointer-events-none fixed right-4 z-40 flex flex-col items-end gap-3 sm:right-6"
      style={{ bottom: `calc(1rem + ${lift}px)` }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      {open ? (
        <Suspense
          fallback={
            <div className="pointer-events-auto rounded-xl border border-border bg-popover p-4 shadow-overlay">
              <Spinner label="Loading chat..." />
            </div>
          }
        >
          <ChatWidgetPanel id={panelId} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={bubbleRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Close the FixiT assistant" : "Open the FixiT assistant"}
        data-nudging={nudging ? "true" : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          if (open) {
            close();
          } else {
            setOpen(true);
            setEverOpened(true);
          }
        }}
        className={cn(
          "pointer-events-auto flex size-14 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow-overlay transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring animate-fade-in",
          nudging && "animate-bounce",
          covering && "invisible",
        )}
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-7" />}
      </button>
    </div>
  );
}
