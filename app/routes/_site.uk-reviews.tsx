import { FlaskConical, Quote } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/_site.uk-reviews";
import { Container, PageHero } from "~/components/content/layout";
import { StarRating } from "~/components/content/star-rating";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { publicPage } from "~/content/pages";
import { researchMethod, researchTestimonials } from "~/content/uk-reviews";
import { pageMeta } from "~/lib/seo";

const page = publicPage("/uk-reviews");

/** Signed out, the page is served as islands: only the header and footer hydrate (decision 037). */
export const handle = { islands: true };

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function UkReviewsPage() {
  return (
    <>
      <PageHero
        eyebrow="UK market research"
        title="What UK households told us"
        intro="Before launch we asked households across the UK what they need from home services, and invited early-access testers to try FixiT. Here is what they said."
      />

      <section aria-labelledby="findings-title" className="py-12 sm:py-16">
        <Container>
          <h2 id="findings-title" className="sr-only">
            Research findings
          </h2>
          <aside
            aria-labelledby="method-title"
            className="flex gap-4 rounded-xl border border-warning/30 bg-warning/5 p-5 sm:p-6"
          >
            <FlaskConical aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-warning" />
            <div>
              <h3 id="method-title" className="font-semibold">
                About this research
              </h3>
              <p className="mt-1 text-small text-muted-foreground">{researchMethod}</p>
            </div>
          </aside>
        </Container>
      </section>

      <section aria-labelledby="voices-title" className="bg-muted/60 py-14 sm:py-20">
        <Container>
          <h2 id="voices-title" className="text-h2">
            In testers' own words
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">Ratings of the early-access experience given by research participants.</p>
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {researchTestimonials.map((t) => (
              <li key={t.name}>
                <figure className="flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-card">
                  <div className="flex items-center justify-between gap-3">
                    <StarRating rating={t.rating} />
                    <Badge variant="outline">{t.service}</Badge>
                  </div>
                  <blockquote className="relative mt-4 flex-1 text-pretty">
                    <Quote aria-hidden="true" className="absolute -top-1 -left-1 size-8 text-primary/10" />
                    <p className="relative">“{t.quote}”</p>
                  </blockquote>
                  <figcaption className="mt-5 border-t border-border pt-4 text-small">
                    <span className="font-semibold">{t.name}</span>
                    <span className="text-muted-foreground"> · {t.location} · Early-access tester</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="join-title" className="py-14 sm:py-20">
        <Container className="flex flex-col items-start gap-5 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="join-title" className="text-h2">
              Help shape FixiT
            </h2>
            <p className="mt-2 text-lg text-muted-foreground">Join early access and tell us what you need from home services.</p>
          </div>
          <Button asChild size="lg">
            <Link to="/early-access">Get Early Access</Link>
          </Button>
        </Container>
      </section>
    </>
  );
}
