import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import { useConsent } from "./use-consent";

/** The cookie banner marks its root with one of these (app/features/consent/components/cookie-banner.tsx). */
export const cookieBannerSelector = '[data-testid="cookie-banner"], [data-cookie-banner], #cookie-banner';

/**
 * Phones: narrower than Tailwind's `sm` breakpoint. There a floating widget gives way entirely to
 * the cookie banner, and only one floats at a time (the VIP pill is hidden below `sm`, see
 * docs/decisions/019).
 */
export const phoneMediaQuery = "(max-width: 639.98px)";

/** What a page marks as never to be covered: the hero's main call to action and its figures. */
export const keepClearAttribute = "data-keep-clear";

/** Buttons and marked regions a floating widget must never sit on top of. */
const protectedSelector = [
  "form button[type=submit]",
  "form button:not([type])",
  "form input[type=submit]",
  `:is(${cookieBannerSelector}) button`,
  `:is(${cookieBannerSelector}) a`,
  `[${keepClearAttribute}]`,
].join(", ");

function overlaps(a: DOMRect, b: DOMRect, margin = 4) {
  return a.left < b.right + margin && b.left < a.right + margin && a.top < b.bottom + margin && b.top < a.bottom + margin;
}

function isShown(el: Element) {
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== "hidden";
}

export type WidgetClearance = {
  /** Pixels to raise a bottom-anchored widget so it sits above the open cookie banner. */
  lift: number;
  /** True while the widget would cover a submit button or a banner button: hide it until it doesn't. */
  covering: boolean;
};

/**
 * (Here in consent, beside the banner it gives way to, so that both floating widgets, the assistant's
 * chat and the VIP pill, can use it without importing each other.)
 * Keeps a floating widget clear of the cookie banner, of forms' submit buttons and of what a page marks
 * `data-keep-clear` (WCAG 2.4.11: focus not obscured): on a wide screen it rises above an open banner; on a phone
 * it hides while the banner is open or not yet answered; anywhere it hides while it would overlap a
 * protected element as the page scrolls.
 */
export function useWidgetClearance(widget: RefObject<HTMLElement | null>, enabled = true): WidgetClearance {
  const [clearance, setClearance] = useState<WidgetClearance>({ lift: 0, covering: false });
  // The consent store says whether the visitor has chosen; until they have, the banner is (or is about
  // to be) on screen. Closing it with its X leaves no choice, so a banner once seen and now gone counts as closed.
  const { ready, consent } = useConsent();
  const undecided = !ready || consent === null;
  const bannerSeen = useRef(false);

  // A layout effect measuring at once: a widget that mounts while the banner is open never shows for a frame.
  // (The widgets mount only in the browser, after the load event, so this never runs on the server.)
  useLayoutEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = widget.current;
      const banner = document.querySelector(cookieBannerSelector);
      const bannerShown = banner !== null && isShown(banner);
      if (bannerShown) bannerSeen.current = true;
      const phone = window.matchMedia(phoneMediaQuery).matches;
      if (phone && (bannerShown || (undecided && !bannerSeen.current))) {
        setClearance((prev) => (prev.lift === 0 && prev.covering ? prev : { lift: 0, covering: true }));
        return;
      }
      let lift = 0;
      if (el && banner && bannerShown) {
        const bannerRect = banner.getBoundingClientRect();
        const own = el.getBoundingClientRect();
        // Only rise when the banner spans the widget's column (on a wide screen it sits in the middle).
        if (bannerRect.left < own.right && own.left < bannerRect.right) lift = Math.max(0, Math.round(window.innerHeight - bannerRect.top));
      }
      let covering = false;
      if (el) {
        const own = el.getBoundingClientRect();
        // Measure where the widget will be once lifted, so it doesn't flicker between states.
        const target = new DOMRect(own.x, own.y - (lift - clearance.lift), own.width, own.height);
        covering = [...document.querySelectorAll(protectedSelector)].some(
          (button) => !el.contains(button) && isShown(button) && overlaps(target, button.getBoundingClientRect()),
        );
      }
      setClearance((prev) => (prev.lift === lift && prev.covering === covering ? prev : { lift, covering }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "class", "style", "data-state", "open"] });
    window.addEventListener("scroll", schedule, { passive: true, capture: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
    };
  }, [widget, enabled, clearance.lift, undecided]);

  return clearance;
}
