/**
 * Terms and Conditions (/terms): 11 numbered sections. Figures come from prices.ts and
 * company.ts, so a fee change is made in one place.
 */
import { callOutTerms } from "~/content/call-out-terms";
import { company } from "~/content/company";
import { caseAnswerHours, confirmationTimeline, fees, formatGBP, freeCancellationHours, heldUntilConfirmed, lateCancellationRule, products, vipPromotions } from "~/content/prices";

import type { LegalDocument } from "~/content/legal/types";

const onboardingFee = formatGBP(products.fixerOnboarding.pricePence);
const vipPrice = formatGBP(products.vipAccess.pricePence);

export const terms: LegalDocument = {
  title: "Terms and Conditions",
  lastUpdated: "2026-11-30",
  intro: `These terms apply when you use the ${company.brand} website, apps and services. Please read them carefully: they explain how bookings, payments held by FixiT until you confirm, fees, cancellations and disputes work. Nothing in these terms affects your statutory rights as a consumer.`,
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
        `${company.brand} is a marketplace. We connect customers with professionals ("fixers") and take the payment for each booking through our payment provider. We do not carry out the work ourselves.`,
        "Fixers are independent contractors, not employees or agents of FixiT. Each fixer is responsible for the work they carry out, their own tools, tax and National Insurance, and for holding the insurance and qualifications their trade requires.",
        "The contract for a job is between the customer and the fixer. FixiT's obligations are the ones set out in these terms: vetting fixers, providing the platform, and holding each booking's payment until it is released or refunded as these terms say.",
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
      title: "Bookings, quotes and rescheduling",
      blocks: [
        "Prices shown on service pages are indicative ranges to help you plan. Before you book, your fixer gives you a quote for the job, and you can chat with them on FixiT to agree the details.",
        "A fixer's quote proposes one to three start slots (a date and a morning, afternoon or evening window). You accept the quote by booking it: you choose one of those slots, or propose your own, which the fixer confirms within 24 hours (if they do not, everything you paid is refunded), and you pay. A quote given as a price range is fixed to one price by the fixer before it can be booked. You can accept a range quote before its price is fixed, so that you and the fixer can talk about the job; you book it once the price is fixed.",
        "If the work turns out to be different from what was described, the fixer must agree any change in price with you before carrying out extra work.",
        "Until the slot starts, either of you can propose a new slot on the booking's page; the other accepts or declines it. If it is accepted, the booking moves to the new slot, both of you get an updated calendar invite, and the cancellation rules below count from the new slot. If it is declined, the booking keeps its slot.",
      ],
    },
    {
      id: "payments",
      title: "Payments: held by FixiT until you confirm",
      blocks: [
        `When you book, you pay the fixer's price plus the ${fees.customerServiceFeePercent}% customer service fee. The payment is taken by our payment provider and ${heldUntilConfirmed}: the fixer is not paid at this point. ${company.brand} holds the money as the marketplace that takes the payment, not as an independent third party.`,
        {
          list: [
            "After the slot, the fixer marks the job done on FixiT.",
            "You confirm that the job is done, or report a problem.",
            `When you confirm, the fixer is paid the price minus the ${fees.fixerServiceChargePercent}% fixer service charge.`,
          ],
        },
        `If you neither confirm nor report a problem, we remind you ${confirmationTimeline.reminderDays[0]} and ${confirmationTimeline.reminderDays[1]} days after the fixer marked the job done. After ${confirmationTimeline.staffReviewDays} days the booking goes to review by our staff, and we tell you both; the funds stay held pending the review.`,
        "If you report a problem, the funds stay held while our staff review it. Staff decide to release the payment to the fixer, release part of it and refund you the rest, or refund you in full, and both of you see the decision and its reason. This does not affect your statutory rights.",
        "Once a payment has been released to the fixer, no refunds are given except as required by law.",
        `Card disputes (chargebacks): if you ask your card issuer to take a payment back instead of reporting a problem to us, nothing is released or refunded while the bank decides. If the bank decides for you while the money is still held, it goes back to your card through the dispute, the booking is closed and the fixer is not paid for it; we do not refund it a second time. If the bank decides for you after the payment was released to the fixer, ${company.brand}, as the marketplace that took the payment, bears the loss and the fixer keeps what was released to them.`,
        "When a booking is paid, we email you an itemised receipt: the price, the customer service fee, any early-bird discount or referral credit, and the total charged. No VAT is added to the price or the fees, and the receipt says so.",
      ],
    },
    {
      id: "fees",
      title: "Fees and offers",
      blocks: [
        `Customers pay a ${fees.customerServiceFeePercent}% customer service fee on the price (after any early-bird discount), added when you book and shown before you pay. There is no subscription fee for customers.`,
        `Fixers pay a ${fees.fixerServiceChargePercent}% service charge, deducted from the price when the payment is released to them.`,
        `Early-bird offer: the first ${vipPromotions.earlyBird.firstUsers} customers to pay for a booking get ${vipPromotions.earlyBird.discountPercent}% off the price of each booking until ${vipPromotions.earlyBird.bookings} of their bookings are completed (paid out to the fixer); a cancelled booking does not count, and a discounted booking paid and not yet completed holds its place. A booking not yet paid takes no place. When you press Pay, the discount shown is held for you while that checkout is open (until the booking's time to pay ends); if the places ran out, or your ${vipPromotions.earlyBird.bookings} discounted bookings were used, before you pressed Pay, we take the discount off and show you the new total before asking for your card. You are never charged more than the total shown, and a discount you paid is never taken back. Referral credit: when a friend you referred has their first booking released to their fixer, you each get ${formatGBP(vipPromotions.referral.creditPence)} credit, taken off your next booking automatically. ${company.brand} pays for both offers: the fixer's payment never changes because of them.`,
      ],
    },
    {
      id: "cancellations",
      title: "Cancellations and no-shows",
      blocks: [
        `You can cancel a booking free of charge up to ${freeCancellationHours} hours before its slot starts: everything you paid is refunded.`,
        `If you cancel less than ${freeCancellationHours} hours before the slot, you are refunded what you paid minus the late-cancellation fee, which goes to the fixer. The fee is ${lateCancellationRule}, and the booking page shows it before you pay.`,
        "If a fixer cancels, you receive a full refund, including the customer service fee, and the fixer receives a strike.",
        `If you tell us the fixer did not come (from the start of the slot), or you cancel after the slot has started, nothing is settled at once: the money stays held by ${company.brand} and we ask the fixer to answer. You may add up to 3 photos with your claim. The fixer has ${caseAnswerHours} hours to agree or to contest it with a written answer and up to 3 photos.`,
        `If the fixer agrees, or does not answer within ${caseAnswerHours} hours, it is settled as you claimed: for a no-show, a full refund including the customer service fee; for a cancellation after the slot started, the late-cancellation terms above. If the fixer contests it, our staff look at both sides and their photos and decide to refund you in full, to pay the fixer, or to pay the fixer part and refund you the rest; both of you see the decision and its reason.`,
        `Strikes: a no-show claim records a strike on the fixer, who is told of it with its reason and can contest it on the booking's page. A strike counts only if the fixer agreed, did not answer in time, or our staff upheld it after the fixer contested (staff uphold it when they refund the customer in full); a fixer's own cancellation counts at once. Three strikes that count within 90 days pause the fixer's new work until our staff review the account; the fixer can contact us through the contact form on our help page.`,
      ],
    },
    {
      id: "emergency-call-outs",
      title: "Emergency call-outs",
      blocks: [
        `For urgent plumbing, electrical and handyman work you can ask for an emergency call-out. It reaches only the fixers on call near your postcode at the time: before you send it, the page tells you how many there are and what you would pay up front. If nobody is on call, you cannot send it and nothing is charged; you can post a normal job instead.`,
        `We offer your request to the fixers on call in turn, nearest first. The first to accept gives an arrival estimate. If nobody accepts, we tell you and nothing is charged.`,
        `The call-out fee is the first hour of work at the accepting fixer's emergency rate (within the emergency rates on the service pages) plus the ${fees.customerServiceFeePercent}% customer service fee. You pay it when a fixer accepts, within ${callOutTerms.paymentWindowMinutes} minutes; if you do not, the call-out closes, the fixer is told not to come and nothing is charged. The payment is ${heldUntilConfirmed}, as for any booking.`,
        `The fixer sets off when you have paid, and their arrival estimate counts from your payment: the booking page shows the time they expect to arrive by. An estimate is the fixer's best judgement, not a promise.`,
        `If the work takes longer than the first hour, the fixer may ask for extra hours at the same rate. You accept and pay them the same way, plus the customer service fee, or decline them; you confirm the job is done only once you have answered. Paid extra hours are held and released or refunded with the call-out.`,
        `Once you have paid there is no free cancellation, because the fixer is on the way: if you cancel before the time they expect to arrive by, you are refunded what you paid minus the late-cancellation fee (${lateCancellationRule}), which goes to the fixer. After that time, a cancellation is a claim the fixer answers, as above.`,
        `If the fixer has not arrived ${callOutTerms.noShowGraceMinutes} minutes after the time they gave, you can tell us they did not come: it is a no-show claim as described above, with a full refund including the customer service fee if the fixer agrees or does not answer, and a strike on the fixer. If the fixer cancels, you are refunded in full and the fixer receives a strike. A call-out cannot be moved to another time.`,
      ],
    },
    {
      id: "fixers",
      title: "Fixer registration and onboarding",
      blocks: [
        `Fixers register on the Become a Fixer page and pay a one-time onboarding fee of ${onboardingFee}. The onboarding fee is non-refundable, including when an application is not approved, because it covers the cost of checking the application.`,
        "Before a fixer receives jobs or can quote for a service, our staff check and record, with the evidence and the date: their photo ID, their right to work in the UK and their public liability insurance; for electrical work, their NICEIC or NAPIT registration; for nanny and house-sitting work, an enhanced DBS certificate. Gas work must only be done by a Gas Safe registered engineer: a fixer's profile says \"Gas Safe … checked\" only when we have checked their number on the Gas Safe Register, and approval for plumbing does not cover gas work without it. FixiT makes no other checks.",
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
        "Reviews are for work done and paid for through FixiT: the customer and the fixer can review each other once, each, when the booking's payment has been released to the fixer or our staff have decided it. A booking that was cancelled or refunded without a staff decision cannot be reviewed.",
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
