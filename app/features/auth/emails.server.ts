import { company } from "~/content/company.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { enqueueEmail } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";

/** The account emails, queued through the outbox (sent by its worker, retried on failure). */
type Recipient = { email: string; name?: string | null };

const greeting = (to: Recipient) => (to.name ? `Hi ${to.name},` : "Hello,");

export const accountEmailSubjects = {
  confirm: `Confirm your ${company.brand} account`,
  existing: `Someone tried to create a ${company.brand} account with your email`,
  reset: `Reset your ${company.brand} password`,
  passwordChanged: `Your ${company.brand} password was changed`,
} as const;

export async function queueConfirmationEmail(db: DbOrTx, to: Recipient, url: string) {
  await enqueueEmail(db, {
    to: to.email,
    subject: accountEmailSubjects.confirm,
    ...renderEmail({
      preheader: "One click to finish creating your account.",
      heading: "Confirm your email address",
      paragraphs: [greeting(to), `Thanks for signing up to ${company.brand}. Please confirm your email address to finish creating your account.`],
      action: { label: "Confirm my email", url },
      note: `If you did not sign up to ${company.brand}, you can ignore this email. The link works for 24 hours.`,
    }),
  });
}

export async function queueExistingAccountEmail(db: DbOrTx, to: Recipient, signInUrl: string, resetUrl: string) {
  await enqueueEmail(db, {
    to: to.email,
    subject: accountEmailSubjects.existing,
    ...renderEmail({
      heading: "Someone tried to create an account with your email",
      paragraphs: [
        greeting(to),
        `Someone just tried to create a new ${company.brand} account with this email address. You already have an account, so nothing was changed.`,
        `If it was you, sign in instead. If you have forgotten your password, you can reset it: ${resetUrl}`,
      ],
      action: { label: "Sign in", url: signInUrl },
      note: "If it was not you, you can ignore this email: your account is safe.",
    }),
  });
}

export async function queueResetEmail(db: DbOrTx, to: Recipient, url: string) {
  await enqueueEmail(db, {
    to: to.email,
    subject: accountEmailSubjects.reset,
    ...renderEmail({
      heading: "Reset your password",
      paragraphs: [greeting(to), "We received a request to reset the password for your account. Choose a new password with the button below."],
      action: { label: "Choose a new password", url },
      note: "If you did not ask for this, ignore this email: your password stays the same. The link works for 1 hour.",
    }),
  });
}

export async function queuePasswordChangedEmail(db: DbOrTx, to: Recipient, resetUrl: string) {
  await enqueueEmail(db, {
    to: to.email,
    subject: accountEmailSubjects.passwordChanged,
    ...renderEmail({
      heading: "Your password was changed",
      paragraphs: [
        greeting(to),
        "The password for your account was just changed, and every other device was signed out.",
        "If this was not you, reset your password now and contact our support team.",
      ],
      action: { label: "Reset my password", url: resetUrl },
    }),
  });
}
