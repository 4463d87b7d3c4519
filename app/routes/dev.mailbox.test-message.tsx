import { data } from "react-router";
import { z } from "zod";
import { sampleEmail } from "../../server/mail/mailbox.ts";
import { enqueueEmail } from "../../server/mail/outbox.ts";
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

export function loader() {
  throw data(null, { status: 404 });
}
