import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "~/content/pages";
import { services } from "~/content/services";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/** HTML entities decoded and React's text-joining comments dropped, so a phrase reads as the visitor sees it. */
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");

/** Store addresses for the server that has them (the default has none: decision 073). */
const stores = { APP_STORE_URL: "https://apps.apple.com/gb/app/fixit-test/id1", PLAY_STORE_URL: "https://play.google.com/store/apps/details?id=uk.co.fixit.test" };

let server: InProcessServer;
let withStores: InProcessServer;
beforeAll(async () => {
  [server, withStores] = await Promise.all([startServerInProcess(), startServerInProcess({ env: stores })]);
});
afterAll(async () => {
  await Promise.all([server?.dispose(), withStores?.dispose()]);
});

const get = async (base: InProcessServer, path: string) => {
  const res = await fetch(`${base.url}${path}`);
  return { status: res.status, html: text(await res.text()) };
};

describe("where FixiT works", () => {
  it("states the coverage on /how-it-works and /help", async () => {
    for (const path of ["/how-it-works", "/help"]) {
      const { status, html } = await get(server, path);
      expect(status).toBe(200);
      expect(html).toContain("Where FixiT works");
      expect(html).toContain("London, Manchester, Birmingham, Leeds, Bristol and Glasgow");
      expect(html).toContain("Join the early access list and we will tell you as soon as FixiT reaches your postcode");
    }
  });

  it("answers the postcode check on a service page without JavaScript", async () => {
    const empty = await get(server, "/categories/plumbing");
    expect(empty.html).toContain("Do we cover your area?");
    expect(empty.html).toMatch(/<form[^>]*action="\/categories\/plumbing#postcode-check" method="get"/);

    // The answer is the one coverage answer (decision 043): approved fixers in the database, and this
    // database has none, even in a launch city (a covered answer: tests/funnel-marketplace.test.ts).
    const launchCity = await get(server, "/categories/plumbing?postcode=m1+1ae");
    expect(launchCity.status).toBe(200);
    expect(launchCity.html).toContain("Not yet: no FixiT plumbing fixer covers M1 1AE yet.");
    expect(launchCity.html).toContain("Post your job anyway");
    expect(launchCity.html).toContain('href="/waitlist?service=plumbing');

    const notYet = await get(server, "/categories/dog-walking?postcode=CF10%201AA");
    expect(notYet.status).toBe(200);
    expect(notYet.html).toContain("Not yet: no FixiT dog walking fixer covers CF10 1AA yet.");
  });

  it("refuses a malformed postcode with a 400 and a message", async () => {
    const bad = await get(server, "/categories/plumbing?postcode=hello");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("That doesn't look like a UK postcode");
    expect(bad.html).toMatch(/aria-invalid="true"/);
    const blank = await get(server, "/categories/plumbing?postcode=");
    expect(blank.status).toBe(400);
    expect(blank.html).toContain("Enter a postcode, for example SW1A 1AA.");
  });
});

describe("the app in the stores, and the installable app without them (decision 073)", () => {
  it("with store addresses set, the footer, the home page and /early-access show both badges linking to them", async () => {
    for (const path of ["/", "/early-access", "/help"]) {
      const { html } = await get(withStores, path);
      expect(html, path).toContain(`<a href="${stores.APP_STORE_URL}" rel="noopener noreferrer" class="block rounded-lg`);
      expect(html, path).toMatch(/<a href="https:\/\/apps\.apple\.com\/gb\/app\/fixit-test\/id1"[^>]*><img src="\/badges\/app-store\.svg" alt="Download on the App Store"/);
      expect(html, path).toMatch(/<a href="https:\/\/play\.google\.com\/store\/apps\/details\?id=uk\.co\.fixit\.test"[^>]*><img src="\/badges\/google-play\.svg" alt="Get it on Google Play"/);
    }
    // The spec's words, true once a store app exists.
    expect((await get(withStores, "/")).html).toContain("Our customer app launched on 16 January 2026");
    expect((await get(withStores, "/help")).html).toContain("The FixiT customer app launched on 16 January 2026");
    const badge = await fetch(`${withStores.url}/badges/app-store.svg`);
    expect(badge.status).toBe(200);
    expect(badge.headers.get("content-type")).toMatch(/svg/);
  });

  it("by default (no store address) no page says the app launched or shows a store badge, and the app is offered from the browser", async () => {
    const paths = [...publicPages.map((p) => p.path), ...services.map((s) => s.href), "/offline"];
    for (const path of paths) {
      const { status, html } = await get(server, path);
      expect(status, path).toBe(200);
      expect(html, path).not.toMatch(/launched/i);
      expect(html, path).not.toMatch(/app-store\.svg|google-play\.svg|App Store|Google Play|apps\.apple\.com|play\.google\.com/);
      // The footer offers the installable app on every page: a link to the offer and its steps on /early-access.
      expect(html, path).toMatch(/<a [^>]*href="\/early-access#install-fixit"[^>]*>Install FixiT<\/a>/);
    }
    const home = (await get(server, "/")).html;
    expect(home).toContain("Install FixiT on your phone from your browser — no app store needed.");
    // The steps work without a script: a disclosure (iPhone Safari: Share, then Add to Home Screen).
    expect(home).toMatch(/<details[^>]*>.*?<summary[^>]*>Install FixiT<\/summary>.*?Add to Home Screen/s);
    expect(home).not.toContain("The FixiT app is here");
    const earlyAccess = (await get(server, "/early-access")).html;
    expect(earlyAccess).toContain("FixiT on your phone");
    expect(earlyAccess).toMatch(/<div id="install-fixit"[^>]*>.*?<summary[^>]*>Install FixiT<\/summary>.*?Share.*?Add to Home Screen/s);
    const help = (await get(server, "/help")).html;
    expect(help).toContain("installs on your phone from it — no app store needed");
  });
});
