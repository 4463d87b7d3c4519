import { vipCodes, vipMemberships } from "#server/db/schema/vip.ts";
import { siteUrl } from "#server/http/site-url.ts";
import { enqueueEmail } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import type { FulfilmentHandler } from "~/features/payments/payments.server.ts";
import { codeHint, generateAccessCode, hashCode, sealSecret } from "#server/security/codes.ts";
import { formatGBP, products } from "~/content/prices";

/**
 * VIP access, once paid: a new VIP code (stored as the hash of the code exactly as issued: VIP codes
 * are compared case-sensitively after trimming), VIP membership for a buyer who was signed in, and
 * the code by email. Runs inside the payment's fulfilment transaction, exactly once.
 */
export const VIP_CODE_EMAIL_SUBJECT = "Your FixiT VIP access code";

export const fulfilVipPurchase: FulfilmentHandler = async (tx, payment, services) => {
  const code = generateAccessCode("VIP", 4);
  const [row] = await tx
    .insert(vipCodes)
    .values({ codeHash: hashCode(code), codeHint: codeHint(code), paymentId: payment.id, email: payment.email, userId: payment.userId })
    .returning({ id: vipCodes.id });
  let membership = false;
  if (payment.userId) {
    const added = await tx
      .insert(vipMemberships)
      .values({ userId: payment.userId, source: "purchase", vipCodeId: row!.id, paymentId: payment.id })
      .onConflictDoNothing()
      .returning({ userId: vipMemberships.userId });
    membership = added.length > 0;
  }
  if (payment.email) {
    const { html, text } = renderEmail({
      preheader: "Your code for the members-only VIP blog",
      heading: "Welcome to FixiT VIP",
      paragraphs: [
        `Thank you for buying VIP early access (${formatGBP(products.vipAccess.pricePence)}, ${products.vipAccess.terms}).`,
        `Your VIP access code is: ${code}`,
        "Enter it on the VIP Access screen to open the members-only blog. Type it exactly as shown: capitals matter.",
        ...(payment.userId ? ["VIP membership is also attached to your FixiT account: sign in to read the members' pages."] : []),
      ],
      action: { label: "Enter your VIP code", url: `${siteUrl(services.config)}/early-access#vip-access` },
      note: "Keep this code to yourself. If you did not buy FixiT VIP access, please reply to tell us.",
      reason: "You are receiving this email because you bought VIP early access on the FixiT website.",
    });
    await enqueueEmail(tx, { to: payment.email, subject: VIP_CODE_EMAIL_SUBJECT, html, text });
  }
  return { vipCodeId: row!.id, membership, codeSealed: sealSecret(code, services.config.sessionSecret) };
};
