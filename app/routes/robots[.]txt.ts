import { robotsTxt } from "~/features/search/sitemap";
import { siteOrigin } from "~/lib/seo";

export function loader() {
  return new Response(robotsTxt(siteOrigin), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
