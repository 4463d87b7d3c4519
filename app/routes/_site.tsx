import { Outlet } from "react-router";
import { DeferredFooter } from "~/components/layout/deferred-footer";
import { openCookiePreferences } from "~/features/consent/consent-store";
import { Header } from "~/components/layout/header";
import { FlashStatus } from "~/components/ui/flash-status";
import { SkipLink } from "~/components/layout/skip-link";
import { Island } from "~/lib/islands/island";
import { MessagesBadge } from "~/features/live/messages-badge";

/**
 * The shell of every public page except the home page: header, main content, footer. On a page
 * served as islands (its route's `handle.islands`, decision 031 and 037) the header and the footer
 * hydrate on their own and the content stays the server's HTML.
 */
export default function SiteLayout() {
  return (
    <>
      <SkipLink />
      <Island name="site-header">
        <Header accountExtras={<MessagesBadge />} />
      </Island>
      <main id="main" tabIndex={-1} className="outline-none">
        <FlashStatus className="mx-auto w-full max-w-3xl px-4 pt-6" />
        <Outlet />
      </main>
      <Island name="site-footer">
        <DeferredFooter onCookieSettings={openCookiePreferences} />
      </Island>
    </>
  );
}
