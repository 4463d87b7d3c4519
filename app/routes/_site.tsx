import { Outlet } from "react-router";
import { Footer } from "~/components/layout/footer";
import { openCookiePreferences } from "~/features/consent/consent-store";
import { Header } from "~/components/layout/header";
import { SkipLink } from "~/components/layout/skip-link";

/** The shell of every public page except the home page: header, main content, footer. */
export default function SiteLayout() {
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <Footer onCookieSettings={openCookiePreferences} />
    </>
  );
}
