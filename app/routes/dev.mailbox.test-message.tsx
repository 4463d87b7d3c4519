import { data } from "react-router";
import { z } from "zod";
import { enqueueEmail, type EmailMessage } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import type { Route } from "./+types/dev.mailbox.test-message";

/**
 * POST /dev/mailbox/test-message (form field `to`): queues a sample email, so a browser test can
 * fill the mailbox without a public endpoint that sends mail. Only when APP_ENV=test; 404 otherwise.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.services;
  if (config.APP_ENV !== "test") throw data(null, { status: 404 });
  const form = await request.formData();
  const to = z.email().max(254).safeParse(String(form.get("to") ?? "").trim());
  if (!to.success) return Response.json({ error: "Enter a valid email address in `to`." }, { status: 400 });
  await enqueueEmail(db, sampleEmail(to.data, new URL(request.url).origin));
  return Response.json({ queued: true }, { status: 202 });
}

/** The sample email POST /dev/mailbox/test-message queues (APP_ENV=test only, for browser tests). */
function sampleEmail(to: string, siteUrl: string): EmailMessage {
  const { html, text } = renderEmail({
    preheader: "A sample message from the FixiT test mailbox",
    heading: "Sample message",
    paragraphs: ["This message was queued by a test to check the outbox and the development mailbox."],
    action: { label: "Open FixiT", url: new URL("/", siteUrl).href },
    note: "Nothing needs doing: no real person received this.",
    reason: "You are receiving this email because an automated test asked for it.",
  });
  return { to, subject: "FixiT sample message", html, text };
}

export function loader() {
  throw data(null, { status: 404 });
}
