/**
 * The site search's fixed list (about 33 entries): every public page, every service
 * and the key features. Pages and services come from their own content files, so a new page
 * added to publicPages is searchable at once.
 */
import { publicPages } from "~/content/pages";
import { wordsFor } from "~/content/service-jobs";
import { services } from "~/content/services";

export type SearchCategory = "Page" | "Service" | "Feature";
export type SearchEntry = {
  title: string;
  description: string;
  category: SearchCategory;
  href: string;
  /** Everyday words that find this entry without appearing in it: a service's jobs and synonyms. */
  keywords?: readonly string[];
};

const features: readonly SearchEntry[] = [
  {
    title: "Payment Held Until You Confirm",
    // The words of `heldUntilConfirmed` (prices.ts), written out: the search module stays free of prices.ts (the home page's JS budget).
    description: "You pay when you book; the money is held by FixiT until you confirm the job is done.",
    href: "/how-it-works",
    // People look for this as "escrow": FixiT is not an escrow agent, so the words stay out of the entry (decision 054).
    keywords: ["escrow", "secure payment", "payment protection", "held payment"],
  },
  { title: "Upfront Quotes", description: "Know the price before work starts and chat directly with professionals.", href: "/how-it-works" },
  { title: "Problems Decided by Staff", description: "Report a problem instead of confirming: the payment stays held and our staff decide what is released or refunded.", href: "/terms#payments" },
  // Found by "emergency" and "24/7", and says what is real (decision 079, issue 51).
  { title: "Emergency Call-outs", description: "See who is on call near you first; nothing is charged if nobody accepts.", href: "/emergency", keywords: ["emergency", "24/7", "burst pipe", "urgent"] },
  { title: "ID, Right to Work and Insurance Checks", description: "A fixer gets jobs only after our staff record their ID, right to work and insurance, plus the checks their service needs.", href: "/#features" },
  { title: "AI Fixer Assistant", description: "24/7 AI support with instant home-repair and energy-saving advice.", href: "/fixer-ai", keywords: ["diy", "advice", "repair tips"] },
  { title: "Customer App", description: "The FixiT customer app and its early access list.", href: "/early-access", keywords: ["app", "app store", "google play", "iphone", "android", "download"] },
  { title: "VIP Early Access", description: "Members-only blog and offers for £1.99, one-time.", href: "/early-access" },
  { title: "Earn as a Fixer", description: "Professionals can earn up to £40/hour on FixiT.", href: "/fixer-register" },
].map((f) => ({ ...f, category: "Feature" as const }));

export const searchIndex: readonly SearchEntry[] = [
  ...publicPages.map((p) => ({ title: p.title, description: p.description, category: "Page" as const, href: p.path })),
  ...services.map((s) => ({ title: s.name, description: s.description, category: "Service" as const, href: s.href, keywords: wordsFor(s.slug) })),
  ...features,
];
