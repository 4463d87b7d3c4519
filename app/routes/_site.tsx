import { Outlet } from "react-router";
import { DeferredFooter } from "~/components/layout/deferred-footer";
import { openCookiePreferences } from "~/features/consent/consent-store";
import { Header } from "~/components/layout/header";
import { FlashStatus } from "~/components/ui/flash-status";
import { SkipLink } from "~/components/layout/skip-link";

/** The shell of every public page except the home page: header, main content, footer. */
export default function SiteLayout() {
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        <FlashStatus className="mx-auto w-full max-w-3xl px-4 pt-6" />
        <Outlet />
      </main>
      <DeferredFooter onCookieSettings={openCookiePreferences} />
    </>
  );
}
