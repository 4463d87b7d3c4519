import type { Route } from "./+types/sitemap[.]xml";
import { quotePaths } from "~/features/quotes/paths";
import { publicFixerSlugs } from "~/features/quotes/profiles.server";
import { sitemapXml } from "~/features/search/sitemap";
import { siteOrigin } from "~/lib/seo";

/** The typed public pages and every public fixer profile (one query; profiles of disabled accounts are left out). */
export async function loader({ context }: Route.LoaderArgs) {
  const slugs = await publicFixerSlugs(context.services.db);
  return new Response(sitemapXml(siteOrigin, slugs.map(quotePaths.fixerProfile)), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
