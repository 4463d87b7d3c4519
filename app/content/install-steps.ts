/**
 * How to install FixiT from the browser, per browser (decision 073): the disclosure on the home page's
 * app card and /early-access. A file of its own, so that only the pages that show the steps carry them.
 */

/** The steps for each browser, in the disclosure on the home page's app card and /early-access (#install-fixit). */
export const installSteps = {
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
