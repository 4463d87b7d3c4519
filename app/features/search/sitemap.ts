import { publicPages } from "~/content/pages";
import { services } from "~/content/services";

/** Paths kept out of search engines (robots.txt). */
export const disallowedPaths = ["/account", "/staff", "/dev", "/auth", "/checkout", "/fixer-onboarding"] as const;

/** Every public path once: the public pages and the 11 service landing pages. */
export function sitemapPaths(): string[] {
  return [...new Set([...publicPages.map((p) => p.path), ...services.map((s) => s.href)])];
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The sitemap: the typed public paths, then `extraPaths` built from data (public fixer profiles). */
export function sitemapXml(origin: string, extraPaths: readonly string[] = []): string {
  const urls = [...new Set([...sitemapPaths(), ...extraPaths])]
    .map((path) => `  <url><loc>${escapeXml(new URL(path, origin).toString())}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", ...disallowedPaths.map((p) => `Disallow: ${p}`), "", `Sitemap: ${new URL("/sitemap.xml", origin).toString()}`, ""].join("\n");
}
