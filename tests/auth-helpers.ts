import { expect } from "vitest";

/** A tiny browser for integration tests: a cookie jar and form posts over real HTTP. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly userAgent = "vitest-browser/1.0",
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string, init: RequestInit = {}) {
    const response = await fetch(new URL(path, this.base), {
      redirect: "manual",
      ...init,
      headers: { cookie: this.cookieHeader(), "user-agent": this.userAgent, ...(init.headers as Record<string, string>) },
    });
    this.store(response);
    return response;
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(new URL(path, this.base), {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(form),
      headers: {
        // A browser's form POST asks for HTML (a refusal to a script is JSON, without the page).
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
        cookie: this.cookieHeader(),
        "user-agent": this.userAgent,
        ...headers,
      },
    });
    this.store(response);
    return response;
  }

  hasSession() {
    return [...this.cookies.keys()].some((k) => k.endsWith("fixit.session_token"));
  }
}

export type MailboxMessage = { id: number; to: string; subject: string; text: string; html: string };

export async function mailbox(base: string, to: string): Promise<MailboxMessage[]> {
  const response = await fetch(new URL(`/dev/mailbox.json?to=${encodeURIComponent(to)}`, base));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { messages: MailboxMessage[] };
  return body.messages;
}

/** Waits for the outbox worker to deliver a message whose subject contains `subject`. */
export async function waitForMail(base: string, to: string, subject: string, after = 0): Promise<MailboxMessage> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = (await mailbox(base, to)).find((m) => m.subject.includes(subject) && m.id > after);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no "${subject}" email for ${to}`);
}

/** The first link in a message's text that contains `fragment`, moved onto the test server's origin. */
export function linkIn(message: MailboxMessage, fragment: string, base: string): string {
  const links = message.text.match(/https?:\/\/[^\s)>\]]+/g) ?? [];
  const link = links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in:\n${message.text}`);
  const url = new URL(link);
  return new URL(url.pathname + url.search, base).toString();
}

/** React escapes text in HTML: compare against the escaped form. */
export function html(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
