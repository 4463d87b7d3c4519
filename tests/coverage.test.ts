import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/** HTML entities decoded and React's text-joining comments dropped, so a phrase reads as the visitor sees it. */
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");

let server: InProcessServer;
let noStores: InProcessServer;
beforeAll(async () => {
  [server, noStores] = await Promise.all([startServerInProcess(), startServerInProcess({ env: { APP_STORE_URL: "", PLAY_STORE_URL: "" } })]);
});
afterAll(async () => {
  await Promise.all([server?.dispose(), noStores?.dispose()]);
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

describe("the app in the stores", () => {
  it("shows both badges in the footer and on /early-access by default", async () => {
    for (const path of ["/", "/early-access", "/help"]) {
      const { html } = await get(server, path);
      expect(html, path).toMatch(/<a href="https:\/\/apps\.apple\.com\/[^"]+"[^>]*><img src="\/badges\/app-store\.svg" alt="Download on the App Store"/);
      expect(html, path).toMatch(/<a href="https:\/\/play\.google\.com\/[^"]+"[^>]*><img src="\/badges\/google-play\.svg" alt="Get it on Google Play"/);
    }
    const badge = await fetch(`${server.url}/badges/app-store.svg`);
    expect(badge.status).toBe(200);
    expect(badge.headers.get("content-type")).toMatch(/svg/);
  });

  it("hides the badges when no store is configured and says how to join instead", async () => {
    const { html } = await get(noStores, "/early-access");
    expect(html).not.toContain("app-store.svg");
    expect(html).not.toContain("google-play.svg");
    expect(html).toContain("Join the early access list and we'll email you the download link");
    expect(html).toMatch(/class="[^"]*" href="[^"]*#waitlist-heading"[^>]*>Join the waitlist below/);
  });
});
