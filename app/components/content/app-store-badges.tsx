import { Link, useRootData } from "~/lib/routing";
import { appJoinInstead, appStoreBadges, type AppStoreLinks, hasAnyStore, noAppStoreLinks } from "~/content/app-stores";
import { cn } from "~/lib/utils";

/** The store addresses the root loader passes from the settings (APP_STORE_URL, PLAY_STORE_URL). */
export function useAppStoreLinks(): AppStoreLinks {
  return useRootData()?.appStores ?? noAppStoreLinks;
}

type AppStoreBadgesProps = {
  links: AppStoreLinks;
  className?: string;
  /** Where "join instead" points when no store is configured (the waitlist form itself on /early-access). */
  joinHref?: string;
  joinLabel?: string;
  /** "dark" for dark backgrounds (the footer). */
  tone?: "light" | "dark";
};

/**
 * App Store and Google Play badges for the configured stores. With none configured it says how
 * to join instead, so a visitor is never left without a next step.
 */
export function AppStoreBadges({ links, className, joinHref = "/early-access", joinLabel = "Join early access", tone = "light" }: AppStoreBadgesProps) {
  if (!hasAnyStore(links)) {
    return (
      <p className={cn("text-sm", tone === "dark" ? "text-slate-300" : "text-muted-foreground", className)} data-testid="app-join-instead">
        {appJoinInstead}{" "}
        <Link to={joinHref} className={cn("font-semibold underline underline-offset-2", tone === "dark" ? "text-white" : "text-primary")}>
          {joinLabel}
        </Link>
      </p>
    );
  }
  return (
    <ul aria-label="Get the FixiT app" className={cn("flex flex-wrap items-center gap-3", className)}>
      {appStoreBadges.map((badge) => {
        const href = links[badge.store];
        if (!href) return null;
        return (
          <li key={badge.store}>
            <a
              href={href}
              rel="noopener noreferrer"
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <img src={badge.src} alt={badge.alt} width={badge.width} height={badge.height} loading="lazy" decoding="async" className="h-10 w-auto" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
