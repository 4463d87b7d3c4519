import { lazy, memo, Suspense } from "react";
import { useAfterLoad } from "~/lib/after-load";
import { CookieBanner } from "./cookie-banner";

// Toasts only follow something the visitor does, so the toaster (sonner, ~9 KB gz) loads after the page has loaded.
const Toaster = lazy(() => import("~/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * Everything that floats over every page, mounted once by the root layout. The AI Fixer chat
 * bubble (bottom right) and the VIP early-access hover card (bottom left) mount on the home page.
 *
 * The cookie banner is server-rendered for a visitor who has not chosen (so it is in the first
 * paint) and is part of the first-load code (its main view is ~2 KB gz), so it is interactive as
 * soon as the page hydrates: a lazily loaded banner would show buttons that drop early clicks.
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
