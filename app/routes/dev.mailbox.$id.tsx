import { data, Link } from "react-router";
import { devMailboxEnabled, getMailboxMessage } from "#server/mail/mailbox.ts";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/dev.mailbox.$id";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.message.subject ?? "Message"} | Development mailbox | FixiT` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { config, db } = context.services;
  if (!devMailboxEnabled(config)) throw data(null, { status: 404 });
  const id = parseId(params.id);
  const message = id === null ? null : await getMailboxMessage(db, id);
  if (!message) throw data(null, { status: 404 });
  const view = new URL(request.url).searchParams.get("view") === "text" ? "text" : "html";
  return data({ message, view, smtp: Boolean(config.SMTP_URL) } as const, { headers: { "cache-control": "no-store" } });
}

// Formatted by hand, not Intl: the server and the browser must print exactly the same text.
const formatTime = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/**
 * The email's HTML goes into a sandboxed iframe: no scripts run (the sandbox has no allow-scripts,
 * and the page's CSP applies too), but a click on a link opens it in this window.
 */
function previewDocument(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Plain text with its http(s) URLs as links; trailing punctuation stays text. */
function Linkified({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, "");
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} className="break-all text-primary underline underline-offset-2">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

export default function DevMailboxMessage({ loaderData }: Route.ComponentProps) {
  const { message, view } = loaderData;
  const tab = (name: "html" | "text", label: string) => (
    <Link
      to={name === "html" ? "?view=html" : "?view=text"}
      aria-current={view === name ? "page" : undefined}
      className="inline-flex h-11 items-center border-b-2 border-transparent px-4 font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:border-primary aria-[current=page]:text-foreground"
    >
      {label}
    </Link>
  );
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <Link to="/dev/mailbox" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        ← All messages
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight break-words sm:text-3xl">{message.subject}</h1>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">From</dt>
        <dd className="break-words text-muted-foreground">{message.from}</dd>
        <dt className="font-medium">To</dt>
        <dd className="break-words text-muted-foreground">{message.to}</dd>
        {message.headers["Reply-To"] ? (
          <>
            <dt className="font-medium">Reply-To</dt>
            <dd className="break-words text-muted-foreground">{message.headers["Reply-To"]}</dd>
          </>
        ) : null}
        <dt className="font-medium">Sent</dt>
        <dd className="text-muted-foreground">
          <time dateTime={message.createdAt.toISOString()}>{formatTime(message.createdAt)}</time>
        </dd>
      </dl>
      {message.attachments.length ? (
        <section aria-label="Attachments" className="mt-4 flex flex-col gap-2">
          {message.attachments.map((a) => (
            <details key={a.filename} className="rounded-lg border border-border p-3 text-sm">
              <summary className="min-h-11 cursor-pointer content-center font-medium">
                Attachment: {a.filename} ({a.contentType.split(";")[0]})
              </summary>
              <pre className="mt-2 overflow-x-auto font-mono text-xs whitespace-pre-wrap break-words">{a.content}</pre>
            </details>
          ))}
        </section>
      ) : null}

      <nav aria-label="Message format" className="mt-6 flex border-b border-border">
        {tab("html", "HTML")}
        {tab("text", "Plain text")}
      </nav>

      {view === "html" ? (
        <section aria-label="HTML version" className="mt-4">
          <iframe
            title={`HTML version of “${message.subject}”`}
            sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
            srcDoc={previewDocument(message.html)}
            className="h-[75vh] min-h-[32rem] w-full rounded-lg border border-border bg-white"
          />
        </section>
      ) : (
        <section aria-label="Plain-text version" className="mt-4">
          <pre className="overflow-x-auto rounded-lg border border-border bg-muted p-4 font-mono text-sm leading-relaxed whitespace-pre-wrap break-words">
            <Linkified text={message.text} />
          </pre>
        </section>
      )}
    </main>
  );
}
