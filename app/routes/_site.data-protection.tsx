import type { Route } from "./+types/_site.data-protection";
import { PageHero } from "~/components/content/layout";
import { LegalDocumentView } from "~/components/content/legal-document";
import { privacyPolicy } from "~/content/legal/privacy";
import { publicPage } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

const page = publicPage("/data-protection");

/** Signed out, the page is served as islands: only the header and footer hydrate (decision 037). */
export const handle = { islands: true };

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function DataProtectionPage() {
  return (
    <>
      <PageHero compact eyebrow="Legal" title={privacyPolicy.title} intro="What we collect, why, how long we keep it, and how to use your rights under UK GDPR." />
      <LegalDocumentView document={privacyPolicy} />
    </>
  );
}
