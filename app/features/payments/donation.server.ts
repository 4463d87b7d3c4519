import { siteUrl } from "#server/http/site-url.ts";
import { enqueueEmail } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import type { FulfilmentHandler } from "./payments.server.ts";
import { formatGBP, products } from "~/content/prices";

/** The early-access donation, once paid: a thank-you that doubles as the receipt, when we know where to send it. */
export const DONATION_EMAIL_SUBJECT = "Thank you for supporting FixiT";

export const fulfilDonation: FulfilmentHandler = async (tx, payment, services) => {
  if (payment.email) {
    const { html, text } = renderEmail({
      heading: "Thank you for supporting FixiT",
      paragraphs: [
        `We received your ${formatGBP(products.earlyAccessDonation.pricePence)} early access donation (${products.earlyAccessDonation.terms}). It helps us bring vetted local fixers to more of the UK.`,
        "We will keep you posted about early access and new services.",
      ],
      action: { label: "Go to your account", url: `${siteUrl(services.config)}/account` },
      reason: "You are receiving this email because you made an early access donation on the FixiT website.",
    });
    await enqueueEmail(tx, { to: payment.email, subject: DONATION_EMAIL_SUBJECT, html, text });
  }
  return { thanked: Boolean(payment.email) };
};
