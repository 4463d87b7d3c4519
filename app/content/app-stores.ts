/**
 * The FixiT customer app in the stores. The addresses are settings (APP_STORE_URL, PLAY_STORE_URL in
 * server/config.ts, with their defaults there) passed to pages by the root loader. A store with no
 * address shows no badge, and the copy tells the visitor how to join instead.
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

/** What to do when no store address is configured: join the list and hear when it's there. */
export const appJoinInstead =
  "Join the early access list and we'll email you the download link for your phone.";
