import { waitForMail } from "#tests/helpers/mailbox.ts";
import { baseUrl, expect, newContext, type Browser, type Page } from "./test";

export const testPassword = "copper-kettle-violet-harbour";

/** Stores a cookie choice before any page script runs, so the banner stays out of the way. */
export async function withCookieChoice(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false }));
  });
}

/** A new person in a browser of their own (own address, en-GB), with a stored cookie choice; the viewport defaults to the project's. */
export async function newPerson(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, viewport ? { viewport } : {});
  const page = await context.newPage();
  await withCookieChoice(page);
  return page;
}

/** Waits for a message to `to` whose subject contains `subject` in /dev/mailbox and returns it. */
export function waitForMailTo(page: Page, to: string, subject: string) {
  return waitForMail(baseUrl(), to, subject);
}

/** Signs up and confirms a new account through the real forms and the development mailbox; the page's context keeps the session. */
export async function signUpAndConfirm(page: Page, email: string, fullName = "Ada Lovelace") {
  const signUp = await page.request.post("/auth", {
    form: { intent: "sign-up", fullName, email, phone: "", password: testPassword, confirmPassword: testPassword, userType: "customer" },
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMailTo(page, email, "Confirm your FixiT account");
  const link = mail.text.match(/https?:\/\/[^\s)>\]]*\/api\/auth\/verify-email[^\s)>\]]*/)?.[0];
  expect(link, "confirmation email").toBeTruthy();
  const url = new URL(link!);
  await page.request.get(url.pathname + url.search, { maxRedirects: 0 });
}
