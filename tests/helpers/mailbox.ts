/**
 * The development mailbox (/dev/mailbox.json, APP_ENV=test) as the tests read it: the integration
 * tests with the server's URL, the browser tests with Playwright's baseURL. The one poller.
 */
export type MailboxMessage = { id: number; to: string; subject: string; text: string; html: string };

export async function readMailbox(base: string, to: string): Promise<MailboxMessage[]> {
  const response = await fetch(new URL(`/dev/mailbox.json?to=${encodeURIComponent(to)}`, base));
  if (response.status !== 200) throw new Error(`/dev/mailbox.json answered ${response.status}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/**
 * Waits for the outbox worker to deliver to `to` a message whose subject contains `subject` (or
 * that `subject` accepts), newer than the message id `after`.
 */
export async function waitForMail(
  base: string,
  to: string,
  subject: string | ((message: MailboxMessage) => boolean),
  after = 0,
  timeoutMs = 20_000,
): Promise<MailboxMessage> {
  const matches = typeof subject === "string" ? (m: MailboxMessage) => m.subject.includes(subject) : subject;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox(base, to)).find((m) => m.id > after && matches(m));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${typeof subject === "string" ? `"${subject}" ` : ""}email for ${to}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The path (and query) of the first link in a message's text that contains `fragment`: email links use PUBLIC_URL, tests open them on the test server. */
export function linkPathIn(message: Pick<MailboxMessage, "text">, fragment: string): string {
  const link = (message.text.match(/https?:\/\/[^\s)>\]]+/g) ?? []).find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in:\n${message.text}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
