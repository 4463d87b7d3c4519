import type { Route } from "./+types/_index";
import { DeferredFooter } from "~/components/layout/deferred-footer";
import { openCookiePreferences } from "~/features/consent/consent-store";
import { HomeTopBar } from "~/components/layout/home-top-bar";
import { MessagesBadge } from "~/features/live/messages-badge";
import { SkipLink } from "~/components/layout/skip-link";
import { heroSlides } from "~/content/home-hero";
import { DeferredBelowFold } from "~/features/home/deferred-below-fold";
import { HomeHero } from "~/features/home/hero";
import { HomeWidgets } from "~/features/home/home-widgets";
import { Island } from "~/lib/islands/island";
import { pageMeta } from "~/lib/seo";
import { organizationJsonLd } from "~/lib/organization-json-ld";
import { FlashStatus } from "~/components/ui/flash-status";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "FixiT | Trusted UK home services and care",
    description:
      "Book vetted, insured UK professionals for plumbing, electrical, cleaning, moving, childcare, dog walking and more. Upfront quotes, payment held by FixiT until you confirm the job is done, and 24/7 AI support.",
    path: "/",
    jsonLd: [organizationJsonLd()],
  });

// The first hero image is the largest paint: fetch it with the HTML, before the scripts.
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", href: heroSlides[0]!.image.src, type: "image/svg+xml", fetchPriority: "high" } as Route.LinkDescriptors[number],
];

/**
 * A signed-out visitor's home page hydrates as islands, without React Router (decision 031): the
 * parts below, each on its own. The rest (skip link, flash line) is plain HTML.
 */
export const handle = { islands: true };

/** The home page: no site header (its hero has its own top bar), then the sections and the footer. */
export default function Home() {
  return (
    <>
      <SkipLink />
      <header className="bg-secondary">
        <Island name="home-top-bar">
          <HomeTopBar accountExtras={<MessagesBadge />} />
        </Island>
      </header>
      <main id="main" tabIndex={-1} className="outline-none">
        <FlashStatus className="mx-auto w-full max-w-3xl px-4 pt-6" />
        <Island name="home-hero">
          <HomeHero />
        </Island>
        <Island name="home-below-fold">
          <DeferredBelowFold />
        </Island>
      </main>
      <Island name="site-footer">
        <DeferredFooter onCookieSettings={openCookiePreferences} />
      </Island>
      <Island name="home-widgets">
        <HomeWidgets />
      </Island>
    </>
  );
}
