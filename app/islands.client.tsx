import { startTransition, type ReactElement } from "react";
import { hydrateRoot } from "react-dom/client";
import type { RootData } from "~/lib/routing";
import { islandIdPrefix, islandsRootDataId, type IslandName } from "~/lib/islands/islands";
import { IslandRoot } from "~/lib/islands/island-root";

/**
 * What each island renders in the browser: the same element the page renders inside its <Island>
 * on the server (decision 031). Each loads as its own chunk, so an island hydrates as soon as its
 * code arrives, independently of the others.
 */
const islands: Record<IslandName, (rootData: RootData | undefined) => Promise<ReactElement>> = {
  "home-top-bar": () => import("~/components/layout/home-top-bar").then(({ HomeTopBar }) => <HomeTopBar />),
  "home-hero": () => import("~/features/home/hero").then(({ HomeHero }) => <HomeHero />),
  "home-below-fold": () => import("~/features/home/deferred-below-fold").then(({ DeferredBelowFold }) => <DeferredBelowFold />),
  "home-widgets": () => import("~/features/home/home-widgets").then(({ HomeWidgets }) => <HomeWidgets />),
  "categories-browser": () => import("~/components/content/categories-browser").then(({ CategoriesBrowser }) => <CategoriesBrowser />),
  "fixer-ai-landing": () => import("~/features/assistant/components/fixer-ai-landing").then(({ FixerAiLanding }) => <FixerAiLanding />),
  "how-it-works-steps": () => import("~/components/content/how-it-works-steps").then(({ HowItWorksSteps }) => <HowItWorksSteps />),
  "site-header": () => import("~/components/layout/header").then(({ Header }) => <Header />),
  "site-footer": () =>
    Promise.all([import("~/components/layout/deferred-footer"), import("~/features/consent/consent-store")]).then(
      ([{ DeferredFooter }, { openCookiePreferences }]) => <DeferredFooter onCookieSettings={openCookiePreferences} />,
    ),
  "site-widgets": (rootData) =>
    import("~/features/consent/components/site-widgets").then(({ SiteWidgets }) => <SiteWidgets consentChosen={rootData?.consentChosen ?? true} />),
};

/**
 * Hydrates every island on the page, each as its code arrives; marks the document when all have
 * started (`data-islands="started"`) and again when all have hydrated (`data-islands-hydrated`).
 * Runs when an islands page imports this module, its own entry (scripts/islands-chunks-plugin.ts):
 * such a page never loads React Router's entry, other pages never load this.
 *
 * The page imports it on the visitor's first interaction (decision 041). The island that
 * interaction reached (`data-island-first`) hydrates first and at once, so that it answers soonest;
 * the others follow when the browser is next idle, in a transition, in slices that let the
 * visitor's next tap in.
 */
async function hydrateIslands() {
  const rootData = (JSON.parse(document.getElementById(islandsRootDataId)?.textContent || "null") as RootData | null) ?? undefined;
  const page = { pathname: window.location.pathname, search: window.location.search };
  const containers = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  const hydrated: Promise<void>[] = [];
  const hydrate = async (container: HTMLElement, urgent: boolean) => {
    const name = container.dataset.island as IslandName;
    const render = islands[name];
    if (!render) throw new Error(`No island named ${name}`);
    const element = await render(rootData);
    let markHydrated = () => {};
    hydrated.push(new Promise<void>((resolve) => (markHydrated = resolve)));
    const root = () =>
      void hydrateRoot(
        container,
        <IslandRoot page={page} rootData={rootData} onHydrated={markHydrated}>
          {element}
        </IslandRoot>,
        { identifierPrefix: islandIdPrefix(name) },
      );
    if (urgent) root();
    // In a transition, as React Router hydrates: React then works in slices of a few milliseconds
    // and lets a tap in between, instead of one long task per island.
    else startTransition(root);
  };
  const first = containers.find((container) => container.hasAttribute("data-island-first"));
  if (first) {
    await hydrate(first, true);
    // The rest wait until that answer is on the screen and the browser is idle.
    await new Promise((resolve) => ("requestIdleCallback" in window ? requestIdleCallback(resolve, { timeout: 1_000 }) : setTimeout(resolve, 200)));
  }
  await Promise.all(containers.filter((container) => container !== first).map((container) => hydrate(container, false)));
  document.documentElement.dataset.islands = "started";
  // Once every island has committed, its effects (timers among them) have run: a test that drives
  // a fake clock waits for this mark before it moves the clock.
  await Promise.all(hydrated);
  document.documentElement.dataset.islandsHydrated = "";
}

void hydrateIslands();
