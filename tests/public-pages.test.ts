import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figurePaths } from "~/content/figures";
import { publicPages } from "~/content/pages";
import { services } from "~/content/services";
import { emergencyServiceSlugs } from "~/features/emergency/rates";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

let server: InProcessServer;
beforeAll(async () => {
  server = await startServerInProcess();
});
afterAll(async () => {
  await server?.dispose();
});

const paths = [...publicPages.map((p) => p.path), ...services.map((s) => s.href)];

describe("public pages for a visitor without a session cookie", () => {
  it("answers 200 and runs no database query (x-db-queries is 0) on every content page; a service page only its top-rated fixers query (and who is on call, for the three emergency services), / and /about their figures query", async () => {
    const answers: string[] = [];
    for (const path of paths) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
      answers.push(`${path} ${res.status} queries=${res.headers.get("x-db-queries")}`);
    }
    // Every page the sitemap and the search list must exist: a 404 here is a missing page. Service
    // pages list top-rated fixers (decision 023): one query when none have reviews.
    // The pages with figures (decision 043): the first one rendered counts them in one query, the
    // others reuse that count (at most 5 minutes old in this process).
    const servicePaths = new Set<string>(services.map((s) => s.href));
    const firstWithFigures = paths.find((path) => figurePaths.has(path));
    // /early-access counts its waitlist (decision 065): one query. Plumbing, electrical and handyman
    // also say who is on call now (decision 086): one more.
    const onCallPaths = new Set(emergencyServiceSlugs.map((slug) => `/categories/${slug}`));
    const queriesFor = (path: string) => (onCallPaths.has(path) ? 2 : servicePaths.has(path) || path === firstWithFigures || path === "/early-access" ? 1 : 0);
    expect(answers).toEqual(paths.map((path) => `${path} 200 queries=${queriesFor(path)}`));
    // Served again from the anonymous-HTML cache: no query at all.
    for (const path of [...servicePaths, ...figurePaths, "/early-access"]) expect((await fetch(`${server.url}${path}`)).headers.get("x-db-queries"), path).toBe("0");
    expect(paths).toContain("/");
  });

  it("no public page says escrow or that you pay the fixer directly: the money is held by FixiT until you confirm (decision 054)", async () => {
    const saying: string[] = [];
    for (const path of paths) {
      // What the page says: its text and its tags' words (meta descriptions, labels), not the scripts it loads.
      const html = (await (await fetch(`${server.url}${path}`)).text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
      for (const phrase of [/escrow/i, /pay the fixer directly/i, /pay only when the job is done/i]) if (phrase.test(html)) saying.push(`${path}: ${phrase.source}`);
    }
    expect(saying).toEqual([]);
    const howItWorks = await (await fetch(`${server.url}/how-it-works`)).text();
    expect(howItWorks).toContain("held by FixiT until you confirm the job is done");
  });

  it("the social sharing image every page names is served as a 1200×630 PNG", async () => {
    const html = await (await fetch(`${server.url}/about`)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(/\/og-image\.png$/);
    const res = await fetch(`${server.url}${new URL(image!).pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("the home page carries its SEO tags, the Organization JSON-LD and the preloaded hero image", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toMatch(/<title>[^<]*FixiT[^<]*<\/title>/);
    expect(html).toContain('rel="canonical"');
    expect(html).toContain('property="og:title"');
    expect(html).toContain('"@type":"Organization"');
    expect(html).toMatch(/<link[^>]+rel="preload"[^>]+href="\/images\/services\/plumbing.svg"/);
    // No site header on /; the cookie banner is in the server HTML for a visitor who has not chosen.
    expect(html).not.toContain("Open menu");
    expect(html).toContain("Accept All Cookies");
    for (const id of ["features", "how-it-works", "professionals", "testimonials"]) expect(html).toContain(`id="${id}"`);
    // The deferred sections are in place, not hidden at the end until a script reveals them.
    expect(html).not.toMatch(/<template id="B:|hidden id="S:/);
  });

  it("a site page has the header and the footer's cookie settings", async () => {
    const html = await (await fetch(`${server.url}/about`)).text();
    expect(html).toContain("Open menu");
    expect(html).toContain("Cookie settings");
    expect(html).toContain('id="main"');
  });

  it("serves /sitemap.xml with every public page and the 11 service pages, and /robots.txt", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    // One query: the public fixer profiles' slugs (none in this database).
    expect(res.headers.get("x-db-queries")).toBe("1");
    const xml = await res.text();
    for (const path of paths) expect(xml, path).toMatch(new RegExp(`<loc>[^<]*${path.replace(/[/]/g, "\\/")}</loc>`));
    expect(xml.match(/<url>/g)).toHaveLength(new Set(paths).size);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /account");
    expect(robots).toContain("Disallow: /staff");
    expect(robots).toMatch(/Sitemap: \S+\/sitemap\.xml/);
  });
});
