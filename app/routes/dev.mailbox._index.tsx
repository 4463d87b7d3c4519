import { data, Link } from "react-router";
import { devMailboxEnabled, listMailbox, mailboxRecipient } from "#server/mail/mailbox.ts";
import type { Route } from "./+types/dev.mailbox._index";

export const meta: Route.MetaFunction = () => [
  { title: "Development mailbox | FixiT" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { config, db } = context.services;
  if (!devMailboxEnabled(config)) throw data(null, { status: 404 });
  // ?to= narrows the list to one recipient (the newest 100 otherwise), so a busy mailbox stays quick to scan.
  const to = mailboxRecipient(new URL(request.url).searchParams.get("to"));
  const messages = await listMailbox(db, { to, limit: 100 });
  return data({ messages, to, smtp: Boolean(config.SMTP_URL) }, { headers: { "cache-control": "no-store" } });
}

// Formatted by hand, not Intl: the server and the browser must print exactly the same text.
const formatTime = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { messages, to, smtp } = loaderData;
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Development mailbox</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Every email the site sends with the log transport is kept here instead of being delivered. This page does not
            exist in production.
          </p>
          {to ? (
            <p className="mt-2 text-sm">
              Showing mail to <strong>{to}</strong>.{" "}
              <Link to="/dev/mailbox" className="font-medium text-primary underline underline-offset-4">
                Show all
              </Link>
            </p>
          ) : null}
        </div>
        <a
          href="/dev/mailbox"
          className="inline-flex h-11 items-center rounded-md border border-input px-4 font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Refresh
        </a>
      </div>

      {smtp ? (
        <p role="status" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          SMTP is configured (SMTP_URL is set): new mail is delivered by the SMTP server and does not appear here. Messages
          below, if any, were kept before SMTP was configured.
        </p>
      ) : null}

      <h2 className="sr-only">Messages, newest first</h2>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-md border border-dashed border-border p-8 text-center text-muted-foreground">
          No messages yet. Mail the site sends will appear here.
        </p>
      ) : (
        <ul className="mt-8 divide-y divide-border overflow-hidden rounded-lg border border-border">
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`/dev/mailbox/${message.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-6"
              >
                <span className="min-w-0 truncate font-medium text-primary">{message.subject}</span>
                <time
                  dateTime={message.createdAt.toISOString()}
                  className="text-sm text-muted-foreground sm:row-span-2 sm:self-center"
                >
                  {formatTime(message.createdAt)}
                </time>
                <span className="min-w-0 truncate text-sm text-muted-foreground">To: {message.to}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
