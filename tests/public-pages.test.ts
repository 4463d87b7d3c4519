import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "~/content/pages";
import { services } from "~/content/services";
import { startTestServer, type TestServer } from "./helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

const paths = [...publicPages.map((p) => p.path), ...services.map((s) => s.href)];

describe("public pages for a visitor without a session cookie", () => {
  it("run no database query (x-db-queries is 0) on every public page that exists", async () => {
    const checked: string[] = [];
    for (const path of paths) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
      if (res.status === 404) continue; // a page another issue has not built yet
      expect(res.headers.get("x-db-queries"), path).toBe("0");
      checked.push(path);
    }
    expect(checked).toContain("/");
    expect(checked.length).toBeGreaterThan(5);
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
    expect(res.headers.get("x-db-queries")).toBe("0");
    const xml = await res.text();
    for (const path of paths) expect(xml, path).toMatch(new RegExp(`<loc>[^<]*${path.replace(/[/]/g, "\\/")}</loc>`));
    expect(xml.match(/<url>/g)).toHaveLength(new Set(paths).size);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /account");
    expect(robots).toContain("Disallow: /staff");
    expect(robots).toMatch(/Sitemap: \S+\/sitemap\.xml/);
  });
});
