/**
 * The Help Center FAQ (/help) in four categories. Answers are plain text (they
 * also feed the FAQPage JSON-LD); `link` adds a follow-on link under an answer. Figures
 * come from prices.ts, the launch date from dates.ts worded against today.
 */
import { company } from "~/content/company";
import { formatLongDate, isPast, milestones } from "~/content/dates";
import { confirmationTimeline, fees, formatGBP, freeCancellationHours, heldUntilConfirmed, lateCancellationRule, products } from "~/content/prices";

import { services } from "~/content/services";

export type FaqItem = { id: string; question: string; answer: string; link?: { href: string; label: string } };
export type FaqCategory = { id: string; title: "Getting Started" | "Booking & Services" | "Account & Billing" | "Company Processes"; items: FaqItem[] };

/**
 * `storeApp`: whether a store address is set (APP_STORE_URL / PLAY_STORE_URL). Without one no answer
 * claims a store app: FixiT is the website, installable from the browser (decision 073).
 */
export function buildFaq(now: Date = new Date(), storeApp = false): FaqCategory[] {
  const launch = formatLongDate(milestones.appLaunch);
  const appAnswer = !storeApp
    ? `Yes: FixiT works in your browser now, and installs on your phone from it — no app store needed. We are still in our early-access phase and are opening bookings area by area: join the early-access list and we will tell you as soon as fixers near you are taking bookings.`
    : isPast(milestones.appLaunch, now)
    ? `The FixiT customer app launched on ${launch}. We are still in our early-access phase and are opening bookings area by area: join the early-access list and we will tell you as soon as fixers near you are taking bookings.`
    : `The FixiT customer app launches on ${launch}. Join the early-access list and we will tell you the moment it is ready.`;
  const serviceNames = services.map((s) => s.name.toLowerCase());
  return [
    {
      id: "getting-started",
      title: "Getting Started",
      items: [
        {
          id: "what-is-fixit",
          question: "What is FixiT?",
          answer: `FixiT is a UK home-services marketplace. We connect you with vetted professionals, called fixers, for ${services.length} kinds of work: ${serviceNames.slice(0, -1).join(", ")} and ${serviceNames.at(-1)}.`,
        },
        {
          id: "early-access",
          question: "Is FixiT available now?",
          answer: appAnswer,
          link: { href: "/early-access", label: "Join early access" },
        },
        {
          id: "create-account",
          question: "How do I create an account?",
          answer: "Choose Sign In at the top of any page, then create an account with your name, email and a password of at least 6 characters. We send an email to confirm your address. An account is free.",
          link: { href: "/auth", label: "Sign in or create an account" },
        },
        {
          id: "vip",
          question: "What is VIP early access?",
          answer: `VIP early access is a one-time payment of ${formatGBP(products.vipAccess.pricePence)} that gives you lifetime access to our members-only blog: progress updates, home-maintenance tips and VIP offers. You receive a personal access code after paying.`,
          link: { href: "/early-access", label: "Get VIP access" },
        },
      ],
    },
    {
      id: "booking-services",
      title: "Booking & Services",
      items: [
        {
          id: "vetting",
          question: "How are fixers vetted?",
          answer: "Before a fixer gets any job, our staff check and record their photo ID, their right to work in the UK and their public liability insurance. Electricians also need a NICEIC or NAPIT registration we have checked, and nannies and house sitters an enhanced DBS certificate. A plumber is shown as Gas Safe only when we have checked their number on the Gas Safe Register. Each fixer's profile lists the checks we recorded, with the date.",
        },
        {
          id: "prices",
          question: "How much will a job cost?",
          answer: `Each service page shows indicative price ranges. Your fixer confirms a quote upfront before you book, and you can chat with them directly. A ${fees.customerServiceFeePercent}% customer service fee is added at checkout.`,
          link: { href: "/categories", label: "See all services and prices" },
        },
        {
          id: "cancel",
          question: "Can I cancel a booking?",
          answer: `Yes, on the booking's page. Up to ${freeCancellationHours} hours before the slot, everything you paid is refunded. Later than that, you are refunded minus the late-cancellation fee (${lateCancellationRule}), which goes to the fixer; the booking page shows it before you pay. If the fixer cancels or does not come, you get everything back.`,
          link: { href: "/terms#cancellations", label: "Read the cancellation terms" },
        },
        {
          id: "reschedule",
          question: "Can I change the date of a booking?",
          answer: "Yes, until the slot starts. Propose a new date and time of day on the booking's page; the fixer accepts or declines it (a fixer can propose one to you in the same way). If it is accepted, the booking moves, you both get an updated calendar invite, and free cancellation then counts from the new slot.",
        },
        {
          id: "problem",
          question: "What if I am not happy with the work?",
          answer: "Do not confirm the job: report a problem on the booking's page instead. Your payment stays held by FixiT while our staff review it; they release it to the fixer, release part and refund you the rest, or refund you in full, and both of you see their decision and the reason.",
        },
        {
          id: "emergency",
          question: "Can I get help in an emergency?",
          answer: "If you smell gas, leave the property and call the National Gas Emergency Service on 0800 111 999 first. For an urgent plumbing, electrical or handyman job, ask for an emergency call-out: before you send, the page tells you how many fixers are on call near your postcode and what you pay up front (the first hour at the fixer's emergency rate, within the rates on those service pages, plus the customer service fee). The fixers on call are offered it in turn; the first to accept tells you when they can arrive, and you pay the call-out, held by FixiT until you confirm the job is done. If nobody is on call, or nobody accepts, nothing is charged and you can post it as a normal job instead. Call-outs reach only the fixers on call at the time: not every area, and not at every hour.",
        },
      ],
    },
    {
      id: "account-billing",
      title: "Account & Billing",
      items: [
        {
          id: "payment",
          question: "How does payment work?",
          answer: `You pay the price plus the ${fees.customerServiceFeePercent}% customer service fee when you book, and the money is ${heldUntilConfirmed}. After the slot, the fixer marks the job done and you confirm it or report a problem; when you confirm, the fixer is paid the price minus their ${fees.fixerServiceChargePercent}% service charge. If you do not answer, we remind you after ${confirmationTimeline.reminderDays[0]} and ${confirmationTimeline.reminderDays[1]} days, and after ${confirmationTimeline.staffReviewDays} days our staff review the booking while the money stays held. After release, refunds are only given where the law requires.`,
        },
        {
          id: "fees",
          question: "What fees does FixiT charge?",
          answer: `Customers pay a ${fees.customerServiceFeePercent}% customer service fee at checkout, with no subscription. Fixers pay a one-time ${formatGBP(products.fixerOnboarding.pricePence)} onboarding fee and a ${fees.fixerServiceChargePercent}% service charge deducted from each payout.`,
        },
        {
          id: "password",
          question: "I forgot my password. What do I do?",
          answer: "On the sign-in page choose 'Forgot password?' and enter your email. We send you a link to choose a new password.",
          link: { href: "/auth", label: "Go to sign in" },
        },
        {
          id: "my-data",
          question: "How do I download or delete my data?",
          answer: "Sign in and open your account page: 'Download my data' gives you a copy of everything we hold about you, and 'Delete my account' closes your account and erases your data, apart from records the law requires us to keep.",
          link: { href: "/data-protection#your-rights", label: "Your data protection rights" },
        },
      ],
    },
    {
      id: "company-processes",
      title: "Company Processes",
      items: [
        {
          id: "become-fixer",
          question: "How do I become a fixer?",
          answer: `Register on the Become a Fixer page with your details, pay the one-time, non-refundable ${formatGBP(products.fixerOnboarding.pricePence)} onboarding fee and you receive an access code. Use it to unlock the onboarding portal and upload your qualifications, skills and insurance documents. We review applications within 24 hours.`,
          link: { href: "/fixer-register", label: "Become a Fixer" },
        },
        {
          id: "contractors",
          question: "Are fixers FixiT employees?",
          answer: "No. Fixers are independent contractors who run their own businesses. FixiT vets them, provides the platform and holds each booking's payment until the customer confirms the job is done.",
        },
        {
          id: "jobs",
          question: "How do I apply for a job at FixiT?",
          answer: "See our open roles on the Careers page and apply online, or send a general application. No account is needed.",
          link: { href: "/careers", label: "View careers" },
        },
        {
          id: "invest",
          question: "How can I invest in FixiT?",
          answer: "Use the investor inquiry form on the Careers page. Our team replies to every inquiry.",
          link: { href: "/careers#investor-inquiry", label: "Investor inquiries" },
        },
        {
          id: "contact",
          question: "How do I contact support?",
          answer: `Use the Contact Support form on this page or email ${company.supportEmail}. We reply within 24 hours.`,
        },
      ],
    },
  ];
}
