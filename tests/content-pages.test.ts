import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "~/content/pages";
import { allPricePence } from "~/content/service-prices";
import { searchIndex } from "~/content/search-index";
import { services } from "~/content/services";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/** The routes this suite owns: every content page and the 11 service landing pages. */
const contentPaths = ["/categories", "/how-it-works", "/about", "/terms", "/data-protection", "/careers", "/help", "/uk-reviews"];
const servicePaths = services.map((s) => s.href);

/** Investment bands on the investor form are ranges of capital, not prices of anything sold. */
const investmentFigures = new Set(["£10K", "£50K", "£100K", "£500K", "£1M"]);

/** HTML entities decoded and React's text-joining comments dropped, so a phrase reads as the visitor sees it. */
const decode = (s: string) =>
  s.replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** Every "£" figure in the HTML whose amount is not defined in prices.ts. */
export function unlistedPrices(html: string, allowed: Set<number>): string[] {
  const found: string[] = [];
  for (const match of decode(html).matchAll(/£\s?(\d[\d,]*(?:\.\d+)?)([KkMm]?)/g)) {
    const [figure, amount, suffix] = match as unknown as [string, string, string];
    if (suffix) {
      if (!investmentFigures.has(figure.replace(/\s/, "").toUpperCase())) found.push(figure);
      continue;
    }
    const pence = Math.round(Number(amount.replace(/,/g, "")) * 100);
    if (!allowed.has(pence)) found.push(figure);
  }
  return found;
}

function head(html: string) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  return { title: title && decode(title), description: description && decode(description), canonical };
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

let server: InProcessServer;
const pages = new Map<string, { status: number; html: string }>();

async function get(path: string) {
  if (!pages.has(path)) {
    const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
    pages.set(path, { status: res.status, html: await res.text() });
  }
  return pages.get(path)!;
}

beforeAll(async () => {
  server = await startServerInProcess();
});
afterAll(async () => {
  await server?.dispose();
});

describe("the price check itself", () => {
  const allowed = allPricePence();
  it("passes figures from prices.ts in any of their written forms", () => {
    expect(unlistedPrices("<p>£45–£65 call-out, £1.20–£2.50 per mile, £3.99, £1.99, up to £40/hour, £150</p>", allowed)).toEqual([]);
  });
  it("catches a figure that is not in prices.ts, including one written as an entity", () => {
    expect(unlistedPrices("<p>Only £46 today</p>", allowed)).toEqual(["£46"]);
    expect(unlistedPrices("<p>£2.99 a month</p>", allowed)).toEqual(["£2.99"]);
    expect(unlistedPrices("<p>£1,000 off</p>", allowed)).toEqual(["£1,000"]);
    expect(unlistedPrices("<p>£20K bonus</p>", allowed)).toEqual(["£20K"]);
  });
});

describe("content pages", () => {
  it.each([...contentPaths, ...servicePaths])("%s answers 200 with its own title, description and canonical link", async (path) => {
    const { status, html } = await get(path);
    expect(status).toBe(200);
    const { title, description, canonical } = head(html);
    const listed = publicPages.find((p) => p.path === path);
    const service = services.find((s) => s.href === path);
    if (listed) {
      expect(title).toBe(`${listed.title} | FixiT`);
      expect(description).toBe(listed.description);
    } else {
      expect(title).toBe(`${service!.name} Services | FixiT`);
      expect(description).toContain(service!.description);
    }
    expect(canonical).toMatch(new RegExp(`${path.replace(/\//g, "\\/")}$`));
  });

  it("gives every page a different title and description", async () => {
    const heads = await Promise.all([...contentPaths, ...servicePaths].map(async (p) => head((await get(p)).html)));
    expect(new Set(heads.map((h) => h.title)).size).toBe(heads.length);
    expect(new Set(heads.map((h) => h.description)).size).toBe(heads.length);
  });

  it("lists every page in publicPages or services, in /sitemap.xml and in the site search", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const searchable = new Set(searchIndex.map((e) => e.href));
    for (const path of [...contentPaths, ...servicePaths]) {
      expect(publicPages.some((p) => p.path === path) || services.some((s) => s.href === path), path).toBe(true);
      expect(sitemap, path).toMatch(new RegExp(`<loc>https?://[^<]+${path}</loc>`));
      expect(searchable.has(path), path).toBe(true);
    }
  });

  it("answers an unknown category with 404", async () => {
    const { status, html } = await get("/categories/xyz");
    expect(status).toBe(404);
    expect(html).toContain("Oops! Page not found");
    expect((await fetch(`${server.url}/categories/PLUMBING`)).status).toBe(404);
  });
});

describe("prices", () => {
  it("every £ figure on every public page is a value from prices.ts", async () => {
    const allowed = allPricePence();
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1] || "/");
    expect(paths.length).toBeGreaterThanOrEqual(contentPaths.length + servicePaths.length);
    let figures = 0;
    const offending: Record<string, string[]> = {};
    for (const path of paths) {
      const { status, html } = await get(path);
      if (status !== 200) continue; // guarded pages redirect; their own tests cover them
      expect(html, `${path} writes a price as an entity`).not.toMatch(/&pound;|&#163;|&#xa3;/i);
      figures += (decode(html).match(/£/g) ?? []).length;
      const bad = unlistedPrices(html, allowed);
      if (bad.length) offending[path] = bad;
    }
    expect(offending).toEqual({});
    expect(figures).toBeGreaterThan(50);
  });

  it.each(servicePaths)("%s shows its indicative ranges and explains the 5%% fee", async (path) => {
    const html = decode((await get(path)).html);
    expect(html).toMatch(/indicative/i);
    expect(html).toContain("5% customer service fee");
  });

  it("shows the spec's ranges on the trade and care pages", async () => {
    const text = async (p: string) => decode((await get(p)).html).replace(/<[^>]+>/g, " ");
    expect(await text("/categories/plumbing")).toMatch(/£45–£65[\s\S]*£35–£55[\s\S]*£65–£85/);
    expect(await text("/categories/moving")).toMatch(/£1\.20–£2\.50/);
    expect(await text("/categories/nanny")).toMatch(/Babysitting[\s\S]*£8–£15[\s\S]*Nanny[\s\S]*£12–£22/);
    expect(await text("/categories/house-sitting")).toMatch(/£25–£45[\s\S]*per night[\s\S]*£150–£280/);
  });
});

describe("page content", () => {
  it("/how-it-works has the four steps, the two hero cards and the terms box links", async () => {
    const html = decode((await get("/how-it-works")).html);
    for (const step of ["Describe your task", "Get matched with pros", "Book and schedule", "Confirm, then the fixer is paid"]) expect(html).toContain(step);
    expect(html).toContain("Early access programme");
    expect(html).toContain("Services and pricing");
    for (const href of ["/terms", "/data-protection", "/help"]) expect(html).toContain(`href="${href}"`);
    // The steps are rendered visible: no hidden state comes from the server.
    expect(html).not.toContain('data-reveal="hidden"');
  });

  it("never advertises the past app launch as coming (and, with no store address set, never as launched: decision 073)", async () => {
    for (const path of ["/how-it-works", "/help"]) {
      const html = decode((await get(path)).html);
      expect(html).not.toContain("launched on 16 January 2026");
      expect(html).toMatch(/FixiT on your phone|no app store needed/);
      expect(html).not.toMatch(/launches on 16 January 2026|coming (on|in) 16 January 2026/);
    }
  });

  it("/terms has 12 numbered sections with the held-payment, fee, cancellation, rescheduling, emergency call-out and dispute rules, and a table of contents", async () => {
    const html = decode((await get("/terms")).html);
    const sections = [...html.matchAll(/<section id="([^"]+)" aria-labelledby/g)].map((m) => m[1]);
    expect(sections).toHaveLength(12);
    for (const id of sections) expect(html).toContain(`href="#${id}"`);
    for (const phrase of [
      "held by FixiT until you confirm the job is done",
      "minus the 10% fixer service charge",
      "we remind you 2 and 5 days after the fixer marked the job done. After 7 days the booking goes to review by our staff",
      "the funds stay held pending the review",
      "release part of it and refund you the rest",
      "no refunds are given except as required by law",
      "5% customer service fee",
      "free of charge up to 24 hours before its slot",
      "minus the late-cancellation fee, which goes to the fixer. The fee is 20% of the price, at most £30",
      "either of you can propose a new slot",
      "the cancellation rules below count from the new slot",
      "the first 100 customers to pay for a booking get 50% off the price of each booking until 3 of their bookings are completed (paid out to the fixer); a cancelled booking does not count",
      "A booking not yet paid takes no place",
      "You are never charged more than the total shown, and a discount you paid is never taken back",
      "you each get £25 credit",
      "the fixer's payment never changes",
      "one-time onboarding fee of £3.99",
      "non-refundable",
      "costs £1.99, paid once",
      "lifetime access",
      "independent contractors",
      // Emergency call-outs (issue 51, decision 086).
      "the first hour of work at the accepting fixer's emergency rate (within the emergency rates on the service pages) plus the 5% customer service fee. You pay it when a fixer accepts, within 15 minutes",
      "their arrival estimate counts from your payment",
      "If the fixer has not arrived 30 minutes after the time they gave, you can tell us they did not come",
    ])
      expect(html).toContain(phrase);
  });

  it("/data-protection has the retention periods, the banner's four cookie categories and the rights", async () => {
    const html = decode((await get("/data-protection")).html);
    expect(html).toContain("Account data: while your account is open. Closing it deletes it at once");
    expect(html).toContain("Fixer applications and their documents: while the account they belong to is open, and 3 years from the application once no account holds them.");
    expect(html).toContain("Transaction records: 7 years");
    expect(html).toMatch(/Communications[^<]*: 3 years/);
    expect(html).toMatch(/Security logs[^<]*: 12 months/);
    for (const category of ["Essential:", "Functional:", "Analytics:", "Marketing:"]) expect(html).toContain(category);
    for (const phrase of ["Download my data", "Delete my account", "Information Commissioner", "cookieConsent"]) expect(html).toContain(phrase);
    expect(html).toContain('href="#your-rights"');
  });

  it("/about names the parent company from company.ts", async () => {
    const html = decode((await get("/about")).html);
    expect(html).toMatch(/wholly owned subsidiary of Northgate Home Holdings Ltd/);
    expect(html).toContain("15829034");
  });

  it("/about gives each of its four value cards its own icon", async () => {
    const html = (await get("/about")).html;
    const list = /<ul[^>]*>((?:(?!<\/ul>)[\s\S])*Trust first[\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    const icons = [...list.matchAll(/class="lucide lucide-([a-z0-9-]+)/g)].map((m) => m[1]);
    expect(icons).toHaveLength(4);
    expect(new Set(icons).size).toBe(4);
  });

  it("/careers lists six jobs with Apply links, JobPosting JSON-LD and the investor slot", async () => {
    const html = decode((await get("/careers")).html);
    const postings = jsonLd(html).filter((d) => d["@type"] === "JobPosting");
    expect(postings).toHaveLength(6);
    for (const p of postings) expect(p).toMatchObject({ title: expect.any(String), datePosted: expect.any(String), hiringOrganization: expect.any(Object) });
    expect(html.match(/href="\/recruitment\?position=[a-z-]+"/g)).toHaveLength(6);
    expect(html).toContain('href="/recruitment"');
    expect(html).toMatch(/<section id="investor-inquiry" aria-labelledby="investor-inquiry-title"/);
    expect(html).toContain("Investor Inquiries");
  });

  it("/help has the four FAQ categories, FAQPage JSON-LD and the Contact Support slot", async () => {
    const html = decode((await get("/help")).html);
    for (const c of ["Getting Started", "Booking & Services", "Account & Billing", "Company Processes"]) expect(html).toContain(`>${c}</h2>`);
    const [faq] = jsonLd(html).filter((d) => d["@type"] === "FAQPage");
    const questions = (faq!.mainEntity as { name: string; acceptedAnswer: { text: string } }[]);
    expect(questions.length).toBeGreaterThanOrEqual(16);
    const answers = questions.map((q) => q.acceptedAnswer.text).join(" ");
    for (const fact of ["5% customer service fee", "£3.99", "£1.99", "24 hours before", "held by FixiT until you confirm the job is done", "20% of the price, at most £30", "Propose a new date"]) expect(answers).toContain(fact);
    expect(answers).not.toMatch(/escrow|arbitration/i);
    expect(html).toMatch(/<section id="contact-support" aria-labelledby="contact-support-title"/);
    expect(html).toContain("Contact Support");
  });

  it("/uk-reviews presents market research, not customer reviews, with ratings 5, 5, 4, 5, 5", async () => {
    const html = decode((await get("/uk-reviews")).html);
    // No research figures: nothing recorded backs them (issue 52, decision 065).
    for (const figure of ["1,200+", "2.5 hours", "94%"]) expect(html).not.toContain(figure);
    expect([...html.matchAll(/aria-label="Rated (\d) out of 5"/g)].map((m) => m[1])).toEqual(["5", "5", "4", "5", "5"]);
    expect(html).toContain("They are not reviews of paid bookings");
    expect(html).not.toMatch(/verified (purchase|customer)/i);
  });
});
