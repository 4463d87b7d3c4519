/**
 * The installable web app's words where the app is advertised (decision 073). British English; no
 * store is named here (the store badges and their copy are ./app-stores.ts, shown only when a store
 * address is set). The steps are ./install-steps.ts, the offline page's words ./offline-page.ts, the
 * update notice's ./app-update.ts: each file travels only with the pages that show it.
 */

export const installApp = {
  /** The disclosure's and the button's label wherever the app is advertised. */
  label: "Install FixiT",
  /** Said where a store app used to be claimed, when no store address is set. */
  pitch: "Install FixiT on your phone from your browser — no app store needed. It opens from your home screen like any app and tells you when a quote or message arrives.",
};

/** The id of /early-access's install steps, where the footer's "Install FixiT" leads. */
export const installStepsAnchor = "install-fixit";

/** The home page's app card and /early-access's note when no store address is set. */
export const webAppPromo = {
  eyebrow: "Available now",
  title: "FixiT on your phone",
  body: installApp.pitch,
};
