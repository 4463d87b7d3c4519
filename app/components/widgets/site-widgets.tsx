import { lazy, Suspense, useSyncExternalStore } from "react";

// The banner only ever renders in the browser after hydration, so its code need not be in the
// first load: it is fetched once the page is interactive.
const CookieBanner = lazy(() => import("./cookie-banner").then((m) => ({ default: m.CookieBanner })));
// Toasts only follow something the visitor does, so the toaster (sonner, ~9 KB gz) loads after hydration too.
const Toaster = lazy(() => import("~/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * Everything that floats over every page, mounted once by the root layout. The AI Fixer chat
 * bubble (bottom right) and the VIP early-access hover card (bottom left) mount on the home page.
 */
export function SiteWidgets() {
  // False in the server HTML and during hydration, true afterwards.
  const hydrated = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
      <Toaster />
    </Suspense>
  );
}
