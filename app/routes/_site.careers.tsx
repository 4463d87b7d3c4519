import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/_site.careers";
import { DeferredJobCards } from "~/components/content/deferred-job-cards";
import { Container, PageHero } from "~/components/content/layout";
import { Button } from "~/components/ui/button";
import { company } from "~/content/company";
import { jobs, jobsPostedOn, type JobListing } from "~/content/jobs";
import { publicPage } from "~/content/pages";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { investorInquiryAction } from "~/features/forms/actions.server";
import { DeferredInvestorInquiryForm } from "~/features/forms/deferred-forms";
import { formClientAction } from "~/features/forms/client-action";

const page = publicPage("/careers");

/** The investor inquiry form (app/features/forms). */
export const action = (args: Route.ActionArgs) => investorInquiryAction(args);

/** The action's headers (Retry-After on a 429) reach the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}
export const clientAction = (args: Route.ClientActionArgs) => formClientAction(args);

export const meta: Route.MetaFunction = () => pageMeta({ ...page, jsonLd: jobs.map(jobPostingJsonLd) });

const employmentType: Record<JobListing["type"], string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Flexible: "OTHER",
};

/** schema.org JobPosting, so search engines can list each role. */
function jobPostingJsonLd(job: JobListing): Record<string, unknown> {
  const remote = /^(remote|anywhere)/i.test(job.location);
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    identifier: { "@type": "PropertyValue", name: company.brand, value: job.id },
    title: job.title,
    description: `<p>${job.description}</p><p>Requirements:</p><ul>${job.requirements.map((r) => `<li>${r}</li>`).join("")}</ul><p>Benefits:</p><ul>${job.benefits.map((b) => `<li>${b}</li>`).join("")}</ul>`,
    datePosted: jobsPostedOn,
    employmentType: employmentType[job.type],
    hiringOrganization: { "@type": "Organization", name: company.legalName, sameAs: siteOrigin },
    url: new URL(`/recruitment?position=${encodeURIComponent(job.id)}`, siteOrigin).toString(),
    ...(remote
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: "United Kingdom" } }
      : {
          jobLocation: {
            "@type": "Place",
            address: { "@type": "PostalAddress", addressLocality: job.location.replace(/\s*\(.*\)$/, ""), addressCountry: "GB" },
          },
        }),
  };
}

export default function CareersPage() {
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Help us fix how Britain finds help at home"
        intro="We are a small team building a trusted marketplace for home services and care. Join us, or invest in what comes next."
      >
        <Button asChild size="lg">
          <a href="#open-roles">See open roles</a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href="#investor-inquiry">Investor inquiries</a>
        </Button>
      </PageHero>

      <section id="open-roles" aria-labelledby="open-roles-title" className="scroll-mt-24 py-14 sm:py-20">
        <Container>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="open-roles-title" className="text-h2">
                Open roles
              </h2>
              <p className="mt-2 text-lg text-muted-foreground">{jobs.length} opportunities across the UK.</p>
            </div>
            <Button asChild variant="outline">
              <Link to="/recruitment">Send General Application</Link>
            </Button>
          </div>
          <DeferredJobCards />
        </Container>
      </section>

      <section aria-labelledby="general-title" className="bg-muted/60 py-14">
        <Container className="flex flex-col items-start gap-5 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="general-title" className="text-h3 font-semibold">
              Don't see the right role?
            </h2>
            <p className="mt-2 text-muted-foreground">
              Send a general application and tell us how you would help. Applications are reviewed by {company.operationsHead.name},{" "}
              {company.operationsHead.title}.
            </p>
          </div>
          <Button asChild size="lg">
            <Link to="/recruitment">
              Send General Application <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </Container>
      </section>

      <section id="investor-inquiry" aria-labelledby="investor-inquiry-title" className="scroll-mt-24 py-14 sm:py-20">
        <Container width="prose">
          <h2 id="investor-inquiry-title" className="text-h2">
            Investor Inquiries
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Interested in investing in {company.brand}? Tell us about yourself and we will be in touch.
          </p>
          <div data-slot="investor-inquiry-form" className="mt-6 rounded-xl border border-border bg-card p-6 shadow-card">
            <DeferredInvestorInquiryForm />
          </div>
        </Container>
      </section>
    </>
  );
}
