import type { Page } from "./test";

/**
 * Collects what the page's Content-Security-Policy refuses from now on: the document's
 * `securitypolicyviolation` events (a refused eval that the page's code caught is reported only
 * there), CSP console messages and uncaught errors. Call before `goto`; the returned function reads them.
 */
export async function watchCsp(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const w = window as unknown as { __cspViolations?: string[] };
      (w.__cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [...problems, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}
