/**
 * My Account and its settings pages (decision 077): the overview every signed-in page links to, and
 * one page per group of settings, so each request renders only the forms it shows.
 */
export const accountPaths = {
  overview: "/account",
  details: "/account/details",
  security: "/account/security",
  yourData: "/account/data",
  notificationSettings: "/account/notifications/settings",
} as const;

/** The overview's "Settings" links: where each group of settings lives, and what it holds. */
export const accountSettingsLinks = [
  { id: "email-preferences", label: "Notification settings", href: accountPaths.notificationSettings, description: "Which emails you get about messages, quotes and bookings, and how often." },
  { id: "password", label: "Password and devices", href: accountPaths.security, description: "Change your password, or sign out on every device." },
  { id: "your-data", label: "Your data", href: accountPaths.yourData, description: "Download a copy of your data, or delete your account." },
] as const;
