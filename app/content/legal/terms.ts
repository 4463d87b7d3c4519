/**
 * Terms and Conditions (/terms): 11 numbered sections. Figures come from prices.ts and
 * company.ts, so a fee change is made in one place.
 */
import { company } from "~/content/company";
import { fees, formatGBP, freeCancellationHours, products } from "~/content/prices";
import type { LegalDocument } from "~/content/legal/types";

const onboardingFee = formatGBP(products.fixerOnboarding.pricePence);
const vipPrice = formatGBP(products.vipAccess.pricePence);

export const terms: LegalDocument = {
  title: "Terms and Conditions",
  lastUpdated: "2026-11-24",
  intro: `These terms apply when you use the ${company.brand} website, apps and services. Please read them carefully: they explain how bookings, escrow payments, fees and cancellations work. Nothing in these terms affects your statutory rights as a consumer.`,
  sections: [
    {
      id: "about-us",
      title: "About us and these terms",
      blocks: [
        `${company.brand} is operated by ${company.legalName}, a company registered in England and Wales (company number ${company.registeredInEnglandNo}) with its registered office at ${company.registeredOffice}. ${company.legalName} is a wholly owned subsidiary of ${company.parent.name}.`,
        `By creating an account, booking a service, registering as a fixer or buying VIP access you agree to these terms. You can contact us at ${company.email} or on ${company.phone}.`,
      ],
    },
    {
      id: "our-role",
      title: "Our role and independent fixers",
      blocks: [
        `${company.brand} is a marketplace. We connect customers with professionals ("fixers") and handle payment between them. We do not carry out the work ourselves.`,
        "Fixers are independent contractors, not employees or agents of FixiT. Each fixer is responsible for the work they carry out, their own tools, tax and National Insurance, and for holding the insurance and qualifications their trade requires.",
        "The contract for a job is between the customer and the fixer. FixiT's obligations are the ones set out in these terms: vetting fixers, providing the platform and holding payments in escrow.",
      ],
    },
    {
      id: "accounts",
      title: "Accounts and eligibility",
      blocks: [
        "You must be 18 or over and live in the UK to hold an account. Give accurate details and keep them up to date.",
        "Keep your password secret and tell us at once if you think someone else has used your account. You are responsible for activity on your account unless it was caused by our failure.",
        "We may suspend or close an account that breaks these terms, puts others at risk or is used for fraud. You can close your account at any time from your account page.",
      ],
    },
    {
      id: "bookings",
      title: "Bookings and quotes",
      blocks: [
        "Prices shown on service pages are indicative ranges to help you plan. Before you book, your fixer confirms a quote for the job, and you can chat with them directly to agree the details.",
        "A booking is made when you accept a quote and pay. If the work turns out to be different from what was described, the fixer must agree any change in price with you before carrying out extra work.",
        "A fixer's quote proposes one to three start slots (a date and a morning, afternoon or evening window). You accept the quote by booking it: you choose one of those slots, or propose your own, which the fixer confirms within 24 hours (if they do not, everything you paid is refunded), and you pay. A quote given as a price range is fixed to one price by the fixer before it can be booked. You can accept a range quote before its price is fixed, so that you and the fixer can talk about the job; you book it once the price is fixed.",
      ],
    },
    {
      id: "payments-escrow",
      title: "Payments and escrow",
      blocks: [
        "Payment is collected when you book and is held in escrow. The fixer is not paid at this point.",
        {
          list: [
            "When the work is finished, the fixer notifies completion through FixiT.",
            "You confirm that the job is complete.",
            `The payment is then released to the fixer, minus the ${fees.fixerServiceChargePercent}% fixer service charge.`,
          ],
        },
        "If you do not confirm completion, the funds stay in escrow pending a dispute review by our team. If the review does not settle the matter, it is referred to independent arbitration, and the funds are released or refunded according to the outcome.",
        "Once a payment has been released to the fixer, no refunds are given except as required by law.",
      ],
    },
    {
      id: "fees",
      title: "Fees",
      blocks: [
        `Customers pay a ${fees.customerServiceFeePercent}% customer service fee, added to the quote at checkout and shown before you pay.`,
        `Fixers pay a ${fees.fixerServiceChargePercent}% service charge, deducted from each payout when escrow is released.`,
        "There is no subscription fee for customers.",
      ],
    },
    {
      id: "cancellations",
      title: "Cancellations",
      blocks: [
        `You can cancel a booking free of charge up to ${freeCancellationHours} hours before the service is due to start; the full amount held in escrow is refunded.`,
        `If you cancel less than ${freeCancellationHours} hours before the start, the fixer may keep a late-cancellation charge that was shown in the quote before you booked; the rest is refunded.`,
        "If a fixer cancels, or does not arrive, you receive a full refund and we help you find another fixer.",
      ],
    },
    {
      id: "fixers",
      title: "Fixer registration and onboarding",
      blocks: [
        `Fixers register on the Become a Fixer page and pay a one-time onboarding fee of ${onboardingFee}. The onboarding fee is non-refundable, including when an application is not approved, because it covers the cost of checking the application.`,
        "Before taking work, a fixer completes vetting: identity and right-to-work checks, background checks, and proof of the certifications and insurance their trade requires (for example Gas Safe registration for gas work or NICEIC, NAPIT or Part P competence for electrical work).",
        "A fixer must tell us at once if a certification or insurance lapses, and must not take work that needs it until it is renewed.",
      ],
    },
    {
      id: "vip-access",
      title: "VIP early access",
      blocks: [
        `VIP early access costs ${vipPrice}, paid once. It gives lifetime access to the members-only VIP blog with its updates, tips and offers, for as long as the blog is published.`,
        "Your VIP access code is personal. Do not share it; we may withdraw a code that has been published or shared widely.",
        "Because the digital content is made available straight away, you agree when paying that you lose the usual 14-day right to cancel once your access code has been issued.",
      ],
    },
    {
      id: "conduct-liability",
      title: "Conduct, reviews and liability",
      blocks: [
        "Treat fixers, customers and our team with respect. Do not use FixiT to arrange payment outside the platform for work found through it, to post false reviews, or to harass anyone.",
        "We vet fixers carefully, but we are not responsible for the work itself, which is the fixer's responsibility under their contract with you. We are responsible for loss that is a foreseeable result of our breaking these terms or failing to use reasonable care.",
        "Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law.",
      ],
    },
    {
      id: "changes-law",
      title: "Changes, complaints and governing law",
      blocks: [
        "We may update these terms. We will tell account holders about important changes at least 30 days before they take effect; bookings already made stay under the terms that applied when they were made.",
        `If you have a complaint, contact ${company.supportEmail}. We reply within 24 hours and aim to resolve complaints within 14 days.`,
        "These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland you may also bring proceedings in your local courts.",
        { links: [{ href: "/data-protection", label: "Data Protection and Privacy Policy" }, { href: "/help", label: "Help Center" }] },
      ],
    },
  ],
};
