import type { Route } from "./+types/_site.terms";
import { PageHero } from "~/components/content/layout";
import { LegalDocumentView } from "~/components/content/legal-document";
import { terms } from "~/content/legal/terms";
import { publicPage } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

const page = publicPage("/terms");

/** Signed out, the page is served as islands: only the header and footer hydrate (decision 037). */
export const handle = { islands: true };

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function TermsPage() {
  return (
    <>
      <PageHero compact eyebrow="Legal" title={terms.title} intro="How FixiT works for customers, fixers and VIP members: bookings, payments held until you confirm, fees, cancellations and disputes." />
      <LegalDocumentView document={terms} />
    </>
  );
}
