/**
 * The installable web app's words (decision 073): how to install FixiT from the browser, what works
 * offline, and the notice a new version shows. British English; no store is named here (the store
 * badges and their copy are ./app-stores.ts, shown only when a store address is set).
 */

export const installApp = {
  /** The disclosure's and the button's label wherever the app is advertised. */
  label: "Install FixiT",
  /** Said where a store app used to be claimed, when no store address is set. */
  pitch: "Install FixiT on your phone from your browser — no app store needed. It opens from your home screen like any app and tells you when a quote or message arrives.",
  /** The footer's line under "Get the app". */
  footer: "No app store needed: FixiT installs from your browser.",
  steps: [
    {
      id: "iphone",
      title: "On an iPhone or iPad (Safari)",
      items: ["Open fixit.co.uk in Safari.", "Tap the Share button (the square with an arrow pointing up).", "Scroll down and tap “Add to Home Screen”, then “Add”."],
    },
    {
      id: "android",
      title: "On Android (Chrome)",
      items: ["Open fixit.co.uk in Chrome.", "Tap the menu (⋮) at the top right.", "Tap “Install app” or “Add to Home screen”, then “Install”."],
    },
    {
      id: "computer",
      title: "On a computer (Chrome or Edge)",
      items: ["Click the install icon at the right of the address bar, or open the browser's menu and choose “Install FixiT”."],
    },
  ],
} as const;

/** The home page's app card and /early-access's note when no store address is set. */
export const webAppPromo = {
  eyebrow: "Available now",
  title: "FixiT on your phone",
  body: installApp.pitch,
};

/** The page a navigation gets when there is no connection (/offline). */
export const offlinePage = {
  title: "You are offline",
  description: "What works in the FixiT app without a connection.",
  intro: "There is no internet connection at the moment, so this page could not load. FixiT will carry on as soon as you are back online.",
  works: {
    title: "What works offline",
    items: [
      "Public pages you have opened before on this device — services, prices, how it works, help — open from your phone.",
      "The app itself starts, so you can find your way back when the connection returns.",
    ],
  },
  needsConnection: {
    title: "What needs a connection",
    items: [
      "Signing in, your account, jobs, quotes, messages and bookings: these are yours, so FixiT never keeps a copy on the device.",
      "Posting a job, sending a message or paying.",
    ],
  },
  retry: "Try again",
};

/** The notice a page shows when a new version of FixiT is ready (the worker waits for the visitor's word). */
export const updateNotice = { text: "A new version of FixiT is ready.", action: "Reload" };
