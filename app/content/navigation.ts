/**
 * The site's navigation, read by the header, the mobile menu, the home page's menu and the footer.
 * The links in this order: "Features, How It Works, Professionals (in the header only), Testimonials, About Us,
 * Careers, Help Center".
 */
export type NavLink = { label: string; href: string };

type HeaderNavLink = NavLink & { headerOnly?: boolean };

const mainNav: readonly HeaderNavLink[] = [
  { label: "Features", href: "/#features" },
  { label: "How It Works", href: "/how-it-works" },
  { label: "Professionals", href: "/#professionals", headerOnly: true },
  { label: "Testimonials", href: "/#testimonials" },
  { label: "About Us", href: "/about" },
  { label: "Careers", href: "/careers" },
  { label: "Help Center", href: "/help" },
];

/** The header and its mobile menu. */
export const headerNav: readonly NavLink[] = mainNav.map(({ label, href }) => ({ label, href }));

/** The home page's menu dropdown: the same items without Professionals. */
export const homeMenuNav: readonly NavLink[] = mainNav.filter((l) => !l.headerOnly).map(({ label, href }) => ({ label, href }));

export const accountLinks = {
  signIn: { label: "Sign In", href: "/auth" },
  earlyAccess: { label: "Early Access", href: "/early-access" },
  myAccount: { label: "My Account", href: "/account" },
  /** Shown to approved fixers only. */
  fixerDashboard: { label: "Fixer dashboard", href: "/fixer" },
  /** A POST form (the accounts feature owns the action). */
  signOutAction: "/auth/sign-out",
} as const;

export const footerNav: { company: readonly NavLink[]; resources: readonly NavLink[] } = {
  company: [
    { label: "About Us", href: "/about" },
    { label: "How It Works", href: "/how-it-works" },
    { label: "Careers", href: "/careers" },
    { label: "Become a Fixer", href: "/fixer-register" },
    { label: "Join Our Team", href: "/recruitment" },
  ],
  resources: [
    { label: "All Services", href: "/categories" },
    { label: "Help Center", href: "/help" },
    { label: "AI Fixer", href: "/fixer-ai" },
    { label: "Early Access", href: "/early-access" },
    { label: "UK Market Research", href: "/uk-reviews" },
    { label: "Terms and Conditions", href: "/terms" },
    { label: "Data Protection and Privacy", href: "/data-protection" },
  ],
};
