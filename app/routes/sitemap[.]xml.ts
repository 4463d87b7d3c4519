import { sitemapXml } from "~/features/search/sitemap";
import { siteOrigin } from "~/lib/seo";

export function loader() {
  return new Response(sitemapXml(siteOrigin), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
