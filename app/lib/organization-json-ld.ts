import { company } from "~/content/company";
import { siteOrigin } from "./seo";

// Apart from ./seo.ts, which every page loads for its meta tags: only four pages describe the company.
/** JSON-LD Organization for the home page. */
export function organizationJsonLd(): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.brand,
    legalName: company.legalName,
    url: new URL("/", siteOrigin).toString(),
    logo: new URL("/favicon.svg", siteOrigin).toString(),
    email: company.email,
    telephone: company.phoneHref.replace("tel:", ""),
    address: { "@type": "PostalAddress", streetAddress: company.registeredOffice, addressCountry: "GB" },
    parentOrganization: { "@type": "Organization", name: company.parent.name },
    sameAs: company.social.map((s) => s.href),
  };
}
