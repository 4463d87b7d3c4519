/**
 * The FixiT customer app in the stores. The addresses are settings (APP_STORE_URL, PLAY_STORE_URL in
 * server/config.ts; unset by default) passed to pages by the root loader. A store with no address
 * shows no badge; with none, no page claims a store app and the installable web app is offered
 * instead (./installable-app.ts, decision 073).
 */
export type AppStoreLinks = {
  /** Apple App Store page, or null when not configured. */
  appStore: string | null;
  /** Google Play page, or null when not configured. */
  googlePlay: string | null;
};

export const noAppStoreLinks: AppStoreLinks = { appStore: null, googlePlay: null };

export const appStoreBadges = [
  { store: "appStore", alt: "Download on the App Store", src: "/badges/app-store.svg", width: 135, height: 40 },
  { store: "googlePlay", alt: "Get it on Google Play", src: "/badges/google-play.svg", width: 135, height: 40 },
] as const satisfies readonly { store: keyof AppStoreLinks; alt: string; src: string; width: number; height: number }[];

export const hasAnyStore = (links: AppStoreLinks) => Boolean(links.appStore || links.googlePlay);

/** What to say when no store address is configured: the app installs from the browser (decision 073). */
export const appJoinInstead = "Install FixiT from your browser: no app store needed.";

/** The footer's offer when no store address is set: the browser's prompt, else the steps on /early-access. */
export const footerInstall = { label: "Install FixiT", href: "/early-access#install-fixit" };
