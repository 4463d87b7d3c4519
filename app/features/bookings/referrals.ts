import { formatGBP, vipPromotions } from "~/content/prices";

/** The referral link's shape and words (decision 052). No server imports: the sign-up page shows these. */

/** A referral code: 8 lower-case letters and digits without look-alikes (no 0, 1, i, l, o). */
export const REFERRAL_CODE = /^[a-hjkmnp-z2-9]{8}$/;

export const referralPath = (code: string) => `/r/${code}`;

const credit = formatGBP(vipPromotions.referral.creditPence);

export const referralCopy = {
  title: "Refer a friend",
  description: `Share your link. When a friend signs up through it and their first booking is paid out to their fixer, you both get ${credit} credit.`,
  rules: [
    `You and your friend each get ${credit} credit when your friend's first booking is confirmed and released to the fixer.`,
    "Credit is spent automatically at your next checkout, down to the smallest card payment we can take.",
    "It counts for new accounts made through your link, once per friend; not for your own account.",
  ],
  linkLabel: "Your referral link",
  // Only for a session older than the code (every sign-in makes it): never seen in practice.
  linkPending: "Your link is made when you next sign in.",
  creditLabel: "Credit available",
  invited: `A friend invited you: you both get ${credit} credit when your first booking is done.`,
} as const;
