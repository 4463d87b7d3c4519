/**
 * The four cookie and storage categories, in the cookie banner's order. One wording for the banner
 * and the privacy policy, so what we ask and what we promise cannot drift apart.
 */
export const cookieCategories = [
  {
    key: "essential",
    name: "Essential",
    description:
      "Keep you signed in, remember your cookie choice, keep a draft of a long form on this device until you send it, and protect forms against abuse. Always on, because the site cannot work without them.",
  },
  {
    key: "functional",
    name: "Functional",
    description: "Remember preferences such as the last services you looked at. Off until you switch them on.",
  },
  {
    key: "analytics",
    name: "Analytics",
    description: "Count visits and see which pages help people, in aggregate. Off until you switch them on.",
  },
  {
    key: "marketing",
    name: "Marketing",
    description: "Measure our advertising and show relevant offers on other sites. Off until you switch them on.",
  },
] as const;

export type CookieCategory = (typeof cookieCategories)[number];
