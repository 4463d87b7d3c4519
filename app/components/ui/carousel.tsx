import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { cn } from "~/lib/utils";

type CarouselProps<T> = {
  /** What the carousel shows, for screen readers, e.g. "Our services". */
  label: string;
  items: readonly T[];
  /** The slide's name, used by the dots and the slide's group label. */
  itemLabel: (item: T) => string;
  renderSlide: (item: T, index: number, active: boolean) => ReactNode;
  /** Auto-advance period in milliseconds (the hero advances every 4 s, the care carousel every 5 s). */
  intervalMs: number;
  className?: string;
  /** Extra classes for the slide viewport (aspect ratio, rounding). */
  viewportClassName?: string;
};

/**
 * An accessible auto-advancing carousel (WAI-ARIA carousel pattern): previous/next, dots, wraps
 * around, a pause button, pauses while hovered or focused, and never auto-advances when the
 * visitor prefers reduced motion. Inactive slides are inert, so keyboard users only meet the
 * visible one.
 */
export function Carousel<T>({ label, items, itemLabel, renderSlide, intervalMs, className, viewportClassName }: CarouselProps<T>) {
  const count = items.length;
  const [index, setIndex] = useState(0);
  // null until the visitor presses play/pause: then their choice wins over the motion preference.
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const id = useId();

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);
  const rotating = userPlaying ?? !reducedMotion;
  const advancing = rotating && !hovered && !focused;

  useEffect(() => {
    if (!advancing || count < 2) return;
    const timer = window.setTimeout(() => go(index + 1), intervalMs);
    return () => window.clearTimeout(timer);
  }, [advancing, index, intervalMs, go, count]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn("relative", className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={cn("relative overflow-hidden", viewportClassName)}>
        <div
          id={`${id}-slides`}
          aria-live={rotating ? "off" : "polite"}
          className="flex h-full transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {items.map((item, i) => {
            const active = i === index;
            return (
              <div
                key={i}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}: ${itemLabel(item)}`}
                aria-hidden={!active}
                inert={!active}
                className="h-full w-full shrink-0"
              >
                {renderSlide(item, i, active)}
              </div>
            );
          })}
        </div>
        <button
          type="button"
          aria-controls={`${id}-slides`}
          onClick={() => go(index - 1)}
          className="absolute top-1/2 left-2 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-background/90 text-foreground shadow-raised hover:bg-background"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">Previous slide</span>
        </button>
        <button
          type="button"
          aria-controls={`${id}-slides`}
          onClick={() => go(index + 1)}
          className="absolute top-1/2 right-2 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-background/90 text-foreground shadow-raised hover:bg-background"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
          <span className="sr-only">Next slide</span>
        </button>
      </div>
      <div className="mt-3 flex items-center justify-center gap-2">
        <button
          type="button"
          onClick={() => setUserPlaying(!rotating)}
          className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
          data-testid="carousel-play-toggle"
        >
          {rotating ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
          <span className="sr-only">{rotating ? "Pause slideshow" : "Play slideshow"}</span>
        </button>
        <div className="flex items-center">
          {items.map((item, i) => (
            <button
              key={i}
              type="button"
              aria-controls={`${id}-slides`}
              aria-current={i === index ? "true" : undefined}
              onClick={() => go(i)}
              className="group inline-flex size-8 cursor-pointer items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "block h-2 rounded-full transition-all",
                  i === index ? "w-6 bg-primary" : "w-2 bg-input group-hover:bg-muted-foreground",
                )}
              />
              <span className="sr-only">{`Show slide ${i + 1}: ${itemLabel(item)}`}</span>
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
