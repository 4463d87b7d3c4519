import { data } from "react-router";
import { devMailboxEnabled, listMailboxMessages, mailboxRecipient } from "#server/mail/mailbox.ts";
import type { Route } from "./+types/dev.mailbox[.]json";

/** GET /dev/mailbox.json?to=address&limit=n — the kept messages, newest first, for tests and tools. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = context.services;
  if (!devMailboxEnabled(config)) throw data(null, { status: 404 });
  const params = new URL(request.url).searchParams;
  const limit = Number(params.get("limit") ?? 50);
  const messages = await listMailboxMessages(db, {
    to: mailboxRecipient(params.get("to")),
    limit: Number.isFinite(limit) ? limit : 50,
  });
  return Response.json({ smtp: Boolean(config.SMTP_URL), messages }, { headers: { "cache-control": "no-store" } });
}
