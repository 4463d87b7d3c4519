import { linkPathIn, readMailbox, waitForMail, type MailboxMessage } from "./helpers/mailbox.ts";

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

  async post(path: string, form: Record<string, string> | URLSearchParams, headers: Record<string, string> = {}) {
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

/**
 * Signs up through the form and confirms through the emailed link, as a person does; returns their
 * browser, signed in. `ip` is the X-Forwarded-For the sign-up comes from (tests trust the loopback proxy).
 */
export async function signUpConfirmed(base: string, person: { email: string; fullName: string; userType?: string; password: string; ip: string }): Promise<Browser> {
  const browser = new Browser(base);
  const before = Math.max(0, ...(await readMailbox(base, person.email)).map((m) => m.id));
  const { email, fullName, password } = person;
  const res = await browser.post(
    "/auth",
    { intent: "sign-up", fullName, email, phone: "", password, confirmPassword: password, userType: person.userType ?? "customer" },
    { "x-forwarded-for": person.ip, origin: base },
  );
  if (res.status !== 200) throw new Error(`sign-up of ${email} answered ${res.status}`);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  const confirmed = await browser.get(linkIn(mail, "/api/auth/verify-email", base));
  if (confirmed.status !== 302) throw new Error(`the confirmation link of ${email} answered ${confirmed.status}`);
  return browser;
}
