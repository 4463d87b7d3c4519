/**
 * What Playwright 1.64 disables in Chromium with its own `--disable-features` switch. Chromium keeps
 * only the last `--disable-features` it is given, so ours must repeat these; scripts/chromium-args.test.ts
 * checks the list against the installed Playwright.
 */
export const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Where the browser tests run in the full browser (no headless shell installed, decision 060):
 * headless Chromium 156 loads the address bar's popup, two WebUI pages in renderers of their own,
 * into every window it opens, though a headless window has no address bar: 12–13 % of the CPU a
 * browser test costs (measured on three content-page tests: 76–81 → 67–69 CPU seconds).
 */
const omniboxPopup = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

/** The switches the browser tests start Debian's Chromium with (Playwright adds its own before them). */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  // Without these, Chromium keeps trying Google's hosts, which this machine's closed network refuses.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopup].join(",")}`,
];
