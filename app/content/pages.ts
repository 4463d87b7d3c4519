/**
 * Every public page: the sitemap lists them and the site search indexes them.
 * Add a page here when you add its route.
 */
export type PublicPage = { path: string; title: string; description: string };

export const publicPages: readonly PublicPage[] = [
  { path: "/", title: "Home", description: "Trusted, vetted UK professionals for home services and care." },
  { path: "/categories", title: "All Services", description: "Browse all 11 home-service and care categories, from plumbing and electrical to nannies and dog walking, with indicative UK prices." },
  { path: "/how-it-works", title: "How It Works", description: "Describe your task, get matched with vetted pros, book a slot and pay, and the fixer is paid when you confirm the job is done." },
  { path: "/about", title: "About Us", description: "Our story, our mission and the company behind FixiT, the UK marketplace for vetted home-service and care professionals." },
  { path: "/careers", title: "Careers", description: "Open roles at FixiT in operations, engineering, marketing and trust & safety, and how to invest in our growth." },
  { path: "/help", title: "Help Center", description: "Answers about getting started, booking, payments held until you confirm, fees and accounts, and a way to contact FixiT support." },
  { path: "/early-access", title: "Early Access", description: "Join the waitlist for the FixiT app and share your feedback." },
  { path: "/uk-reviews", title: "UK Market Research", description: "What UK households told us about finding help at home, from FixiT's early-access market research." },
  { path: "/fixer-register", title: "Become a Fixer", description: "Register as a FixiT professional and start onboarding." },
  { path: "/recruitment", title: "Apply to Join the Team", description: "Send your application for a role at FixiT." },
  { path: "/fixer-ai", title: "AI Fixer", description: "Instant, safe home-repair advice for UK homes." },
  { path: "/terms", title: "Terms and Conditions", description: "The terms for using FixiT: bookings, payments held until you confirm, fees, cancellations and disputes." },
  { path: "/data-protection", title: "Data Protection and Privacy Policy", description: "How FixiT collects, uses and protects your personal data under UK GDPR." },
];

/**
 * Pages a signed-out visitor opens that the sitemap does not list: the job form, the emergency form (decision 081), sign-in and the
 * password reset an email links to. Rendered per request, but held to the public pages' first-load
 * budget (tests/js-budget.test.ts) and measured with them (`npm run bench`, `npm run lighthouse`).
 */
export const signedOutFormPaths = ["/request", "/emergency", "/auth", "/reset-password"] as const;

/** The entry for one path; a typo in a route's meta fails loudly instead of shipping a blank title. */
export function publicPage(path: string): PublicPage {
  const page = publicPages.find((p) => p.path === path);
  if (!page) throw new Error(`${path} is not in publicPages`);
  return page;
}
