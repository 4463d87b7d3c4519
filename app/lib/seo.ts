import type { MetaDescriptor } from "react-router";
import { company } from "~/content/company";

/** The canonical origin for links in meta tags, sitemap and JSON-LD. */
export const siteOrigin = (import.meta.env.VITE_PUBLIC_URL as string | undefined) ?? "https://fixit.co.uk";

type PageMeta = {
  title: string;
  description: string;
  /** The page's path, e.g. "/about" — becomes the canonical URL. */
  path: string;
  image?: string;
  noindex?: boolean;
  /** JSON-LD objects rendered as <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown>[];
};

/** Title, description, canonical link, Open Graph and Twitter tags for one page. */
export function pageMeta({ title, description, path, image = "/og-image.png", noindex, jsonLd = [] }: PageMeta): MetaDescriptor[] {
  const url = new URL(path, siteOrigin).toString();
  const fullTitle = title.includes(company.brand) ? title : `${title} | ${company.brand}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: company.brand },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: new URL(image, siteOrigin).toString() },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}
