import { linkPathIn, type MailboxMessage } from "./helpers/mailbox.ts";

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

export { readMailbox as mailbox, waitForMail, type MailboxMessage } from "./helpers/mailbox.ts";

/** The first link in a message's text that contains `fragment`, moved onto the test server's origin. */
export function linkIn(message: MailboxMessage, fragment: string, base: string): string {
  return new URL(linkPathIn(message, fragment), base).toString();
}

/** React escapes text in HTML: compare against the escaped form. */
export function html(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
