import { Building2 } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import type { Route } from "./+types/_site.about";
import { FeatureGrid } from "~/components/content/feature-list";
import { Container, PageHero, PageSection } from "~/components/content/layout";
import { Button } from "~/components/ui/button";
import { aboutStats, aboutStory, aboutValues } from "~/content/about";
import { shownStat } from "~/content/figures";
import { useRootData } from "~/lib/routing";
import { company } from "~/content/company";
import { publicPage } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

const page = publicPage("/about");

/** Signed out, the page is served as islands: only the header and footer hydrate (decision 037). */
export const handle = { islands: true };

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function AboutPage() {
  // Counted when the page is rendered (root data on /about), or shown as a labelled goal.
  const figures = useRootData()?.figures;
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Making home help simple, safe and fair"
        intro={`${company.brand} connects UK households with vetted, insured professionals for home services and care — and holds each booking's payment until the customer confirms the job is done.`}
      />

      <section aria-labelledby="story-title" className="py-14 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
          <div>
            <h2 id="story-title" className="text-h2">
              Our story
            </h2>
            <div className="mt-5 space-y-4 text-lg text-pretty text-muted-foreground">
              {aboutStory.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </div>
          {/* With an odd number of tiles the last takes the whole row rather than leaving a hole beside it. */}
          <dl className="grid grid-cols-2 gap-4 self-start [&>*:last-child:nth-child(odd)]:col-span-2">
            {aboutStats.map((item) => shownStat(item, figures)).map((stat) => (
              <div key={stat.label} className="flex flex-col rounded-xl border border-border bg-card p-5 text-center shadow-card">
                <dt className="text-small text-muted-foreground">{stat.label}</dt>
                <dd className="order-first text-h2 font-bold text-primary">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <PageSection id="values" title="What we stand for" tone="muted">
        <FeatureGrid features={aboutValues} columns={4} />
      </PageSection>

      <section aria-labelledby="company-title" className="py-14 sm:py-20">
        <Container>
          <div className="grid gap-8 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-10 lg:grid-cols-[auto_minmax(0,1fr)]">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
              <Building2 aria-hidden="true" className="size-7" />
            </span>
            <div>
              <h2 id="company-title" className="text-h2">
                The company behind {company.brand}
              </h2>
              <p className="mt-3 text-lg text-pretty text-muted-foreground">
                {company.brand} is operated by {company.legalName}, a wholly owned subsidiary of {company.parent.name},{" "}
                {company.parent.description}. Being part of a larger group gives us the stability to invest in careful vetting and
                customer protection for the long term.
              </p>
              <dl className="mt-6 grid gap-x-8 gap-y-4 text-small sm:grid-cols-2">
                <Detail term="Company">{company.legalName}</Detail>
                <Detail term="Parent company">{company.parent.name}</Detail>
                <Detail term="Registered in England and Wales">No. {company.registeredInEnglandNo}</Detail>
                <Detail term="Registered office">{company.registeredOffice}</Detail>
                <Detail term="ICO registration">{company.icoRegistration}</Detail>
                <Detail term="Contact">
                  <a className="text-primary underline underline-offset-4" href={`mailto:${company.email}`}>
                    {company.email}
                  </a>
                </Detail>
              </dl>
            </div>
          </div>
          <div className="mt-12 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-lg font-medium">Want to build FixiT with us?</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild>
                <Link to="/careers">View careers</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/fixer-register">Become a Fixer</Link>
              </Button>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-foreground">{term}</dt>
      <dd className="mt-0.5 text-muted-foreground">{children}</dd>
    </div>
  );
}
