import { eq } from "drizzle-orm";
import { fixerRegistrations } from "#server/db/schema/fixers.ts";
import { siteUrl } from "#server/http/site-url.ts";
import { enqueueEmail } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import type { FulfilmentHandler } from "~/features/payments/payments.server.ts";
import { generateAccessCode, hashCode, normaliseFixerCode, sealSecret } from "#server/security/codes.ts";
import { formatGBP, products } from "~/content/prices";

/**
 * The fixer onboarding fee, once paid: the registration is marked paid and gets its access code
 * (only its hash is stored), which is emailed to the registration's address with a link to the
 * portal. Runs inside the payment's fulfilment transaction, exactly once.
 */
export const FIXER_CODE_EMAIL_SUBJECT = "Your FixiT fixer access code";

export const fulfilFixerOnboardingFee: FulfilmentHandler = async (tx, payment, services) => {
  const registrationId = Number(payment.reference?.fixerRegistrationId);
  if (!Number.isSafeInteger(registrationId)) throw new Error(`payment ${payment.id} names no fixer registration`);
  const [registration] = await tx.select().from(fixerRegistrations).where(eq(fixerRegistrations.id, registrationId)).limit(1);
  if (!registration) throw new Error(`fixer registration ${registrationId} does not exist`);
  if (registration.accessCodeHash) {
    // Paid twice for one registration: keep the first code (it may already be in use); staff refund the second.
    services.logger.error({ paymentId: payment.id, registrationId }, "fixer registration paid again; no second code issued");
    return { registrationId, alreadyPaid: true };
  }

  const code = generateAccessCode("FIX");
  const now = new Date();
  await tx
    .update(fixerRegistrations)
    .set({ paidAt: payment.paidAt ?? now, accessCodeHash: hashCode(normaliseFixerCode(code)), accessCodeIssuedAt: now })
    .where(eq(fixerRegistrations.id, registrationId));

  const portalUrl = `${siteUrl(services.config)}/fixer-onboarding`;
  const fee = products.fixerOnboarding;
  const { html, text } = renderEmail({
    preheader: "Your code to unlock the Fixer Onboarding Portal",
    heading: "Your fixer access code",
    paragraphs: [
      `Hi ${registration.firstName},`,
      `Thank you for paying the ${formatGBP(fee.pricePence)} fixer onboarding fee (${fee.terms}).`,
      `Your access code is: ${code}`,
      "Sign in to FixiT (or create an account), open the Fixer Onboarding Portal and enter the code to complete your fixer profile. The code links the portal to the account you use.",
    ],
    action: { label: "Access Onboarding Portal", url: portalUrl },
    note: "Keep this code to yourself: it unlocks your onboarding. If you did not register as a FixiT fixer, you can ignore this email.",
    reason: "You are receiving this email because you registered as a fixer on the FixiT website and paid the onboarding fee.",
  });
  await enqueueEmail(tx, { to: registration.email, subject: FIXER_CODE_EMAIL_SUBJECT, html, text });
  return { registrationId, codeSealed: sealSecret(code, services.config.sessionSecret) };
};
