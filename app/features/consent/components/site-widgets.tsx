import { lazy, memo, Suspense } from "react";
import { useAfterLoad } from "~/lib/after-load";
import { deferredHydration } from "~/lib/deferred-hydration";

const serverCookieBanner = import.meta.env.SSR ? (await import("./cookie-banner")).CookieBanner : null;
const CookieBanner = deferredHydration(serverCookieBanner, () => import("./cookie-banner").then((m) => m.CookieBanner));

// Toasts only follow something the visitor does, so the toaster (sonner, ~9 KB gz) loads after the page has loaded.
const Toaster = lazy(() => import("~/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * Everything that floats over every page, mounted once by the root layout. The AI Fixer chat
 * bubble (bottom right) and the VIP early-access hover card (bottom left) mount on the home page.
 *
 * The cookie banner is server-rendered for a visitor who has not chosen (so it is in the first
 * paint) and hydrates from its own chunk, fetched as the page's hydration starts (~2 KB gz less
 * first-load code on every page). Its two main choices are a plain form meanwhile (POST /consent),
 * so a tap before its script has arrived still counts.
 */
export const SiteWidgets = memo(function SiteWidgets({ consentChosen }: { consentChosen: boolean }) {
  return (
    <>
      <CookieBanner chosenOnServer={consentChosen} />
      <AfterLoad />
    </>
  );
});

/** What starts once the page has loaded: the toaster. */
function AfterLoad() {
  const loaded = useAfterLoad();
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
