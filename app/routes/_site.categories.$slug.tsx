import { ArrowRight, BadgeCheck, CircleCheck, Wrench } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/_site.categories.$slug";
import { CertificationCard } from "~/components/content/certification-card";
import { CheckList, FeatureGrid } from "~/components/content/feature-list";
import { Container, PageHero, PageSection } from "~/components/content/layout";
import { PriceCard } from "~/components/content/price-card";
import { ServiceIcon } from "~/components/content/service-icon";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { priceDisclaimer } from "~/content/prices";
import { formatPriceRange, formatPriceWithUnit, servicePrices, type PriceRange } from "~/content/service-prices";
import { findServicePage, serviceHeroChecks, type CarePage, type TradePage } from "~/content/service-pages";
import { requestPathFor } from "~/content/job-request";
import { findService, services, type Service } from "~/content/services";
import { postcodeCheckFor } from "~/features/coverage/postcode-check.server";
import { DeferredPostcodeCheckForm } from "~/features/coverage/deferred-postcode-check-form";
import { OnCallCoveragePanel } from "~/features/emergency/components/on-call-coverage-panel";
import { onCallCoverageWords } from "~/features/emergency/coverage-copy";
import { onCallCoverageFor } from "~/features/emergency/on-call.server";
import { isEmergencyService } from "~/features/emergency/rates";
import { TopRatedFixers } from "~/features/quotes/components/top-rated-fixers";
import { topRatedForServicePage } from "~/features/quotes/public-profile.server";
import { pageMeta } from "~/lib/seo";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const service = findService(params.slug);
  const page = findServicePage(params.slug);
  if (!service || !page) throw data(null, { status: 404 });
  // The postcode check's GET form (works without JavaScript): the one coverage answer (a query
  // string, so never the cached page); a malformed postcode is a 400 with its message.
  const postcode = new URL(request.url).searchParams.get("postcode");
  const postcodeCheck = postcode === null ? null : await postcodeCheckFor(context.services.db, service.slug, postcode);
  // Cached for anonymous visitors (decision 012), dropped when reviews or services change (decision 023).
  const topFixers = await topRatedForServicePage(context.services.db, service.slug);
  // Who is on call for emergencies now, or nobody (issue 51): true within the cache's 5 minutes.
  const onCall = isEmergencyService(service.slug) ? onCallCoverageWords(service.slug, await onCallCoverageFor(context.services.db, service.slug, new Date())) : null;
  // The page's copy travels as data: one service's (~1 KB) in the HTML instead of all eleven in the script.
  // The hero's promises and the prices' wording travel as data too (the page's JS budget).
  const words = { heroChecks: serviceHeroChecks, priceDisclaimer };
  return data({ slug: service.slug, page, postcode: postcode ?? "", postcodeCheck, topFixers, onCall, words }, { status: postcodeCheck?.status === "invalid" ? 400 : 200 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const service = loaderData ? findService(loaderData.slug) : undefined;
  if (!service) return [{ title: "Page not found | FixiT" }];
  return pageMeta({ title: `${service.name} Services`, description: metaDescription(service), path: service.href });
};

function metaDescription(service: Service): string {
  return `${service.description} Vetted, insured ${service.kind === "care" ? "carers" : "professionals"} across the UK, with indicative prices and payment held by FixiT until you confirm the job is done.`;
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const service = findService(loaderData.slug)!;
  const page = loaderData.page;
  const coverage = (
    <Container className="pt-14 sm:pt-20">
      <DeferredPostcodeCheckForm
        key={service.slug}
        service={service.slug}
        serviceName={service.name}
        action={service.href}
        initial={{ input: loaderData.postcode, result: loaderData.postcodeCheck }}
      />
    </Container>
  );
  // Real customers' ratings, just before the closing call to action.
  const hero = <Hero service={service} page={page} checks={loaderData.words.heroChecks} />;
  const topFixers = <TopRatedFixers fixers={loaderData.topFixers} serviceLabel={service.name} />;
  const onCall = loaderData.onCall ? (
    <Container className="pt-10">
      <OnCallCoveragePanel words={loaderData.onCall} />
    </Container>
  ) : null;
  return (
    <>
      {page.kind === "trade" ? (
        <TradeLanding service={service} page={page} hero={hero} coverage={coverage} onCall={onCall} topFixers={topFixers} disclaimer={loaderData.words.priceDisclaimer} />
      ) : (
        <CareLanding service={service} page={page} hero={hero} coverage={coverage} topFixers={topFixers} disclaimer={loaderData.words.priceDisclaimer} />
      )}
    </>
  );
}

function Hero({ service, page, checks }: { service: Service; page: TradePage | CarePage; checks: readonly string[] }) {
  return (
    <PageHero
      eyebrow={
        <span className="inline-flex items-center gap-2">
          <ServiceIcon slug={service.slug} className="size-4" />
          {service.name}
        </span>
      }
      title={page.headline}
      intro={page.intro}
      aside={<HeroPanel service={service} checks={checks} />}
    >
      <Button asChild size="lg">
        <Link to={requestPathFor(service.slug)}>
          Find a pro <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <a href="#pricing">See prices</a>
      </Button>
    </PageHero>
  );
}

/** A compact "at a glance" panel beside the hero text. */
function HeroPanel({ service, checks }: { service: Service; checks: readonly string[] }) {
  const first = servicePrices[service.slug][0]!;
  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-border bg-card p-6 shadow-raised">
      <div className="flex items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
          <ServiceIcon slug={service.slug} className="size-7" />
        </span>
        <div>
          <p className="text-h4 font-semibold">{service.name}</p>
          <p className="text-small text-muted-foreground">
            {first.label}: <span className="font-semibold text-foreground">{formatPriceWithUnit(first)}</span>
          </p>
        </div>
      </div>
      <CheckList
        className="mt-5 text-small"
        items={checks}
      />
    </div>
  );
}

type LandingProps = { service: Service; hero: React.ReactNode; coverage: React.ReactNode; topFixers: React.ReactNode; disclaimer: string };

function TradeLanding({ service, page, hero, coverage, onCall, topFixers, disclaimer }: LandingProps & { page: TradePage; onCall: React.ReactNode }) {
  return (
    <>
      {hero}
      {coverage}
      {onCall}
      <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-24 py-14 sm:py-20">
        <Container>
          <h2 id="pricing-title" className="text-h2">
            Vetting and prices
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
            Know who is coming and roughly what it costs before you book.
          </p>
          <div className="mt-10 grid gap-6 lg:grid-cols-2">
            <CertificationCard trade={service.name} summary={page.certification.summary} checks={page.certification.checks} />
            <PriceCard title={`${service.name} prices`} ranges={servicePrices[service.slug]} disclaimer={disclaimer} />
          </div>
        </Container>
      </section>
      <PageSection id="services" title={`${service.name} services`} intro="Popular jobs our fixers take on." tone="muted">
        <FeatureGrid features={page.servicesOffered} icon={Wrench} />
      </PageSection>
      <PageSection id="why-choose" title={`Why choose FixiT for ${service.name.toLowerCase()}`}>
        <FeatureGrid features={page.whyChoose} icon={BadgeCheck} columns={4} />
      </PageSection>
      {topFixers}
      <ClosingBand service={service} />
    </>
  );
}

function CareLanding({ service, page, hero, coverage, topFixers, disclaimer }: LandingProps & { page: CarePage }) {
  const ranges = servicePrices[service.slug];
  const priceFor = (label?: string): PriceRange | undefined => (label ? ranges.find((r) => r.label === label) : undefined);
  return (
    <>
      {hero}
      {coverage}
      <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-24 py-14 sm:py-20">
        <Container>
          <h2 id="pricing-title" className="text-h2">
            Care options and prices
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {page.cards.map((card) => {
              const price = priceFor(card.priceLabel);
              return (
                <li key={card.title}>
                  <Card tone={price ? "default" : "successTinted"} className="h-full">
                    <CardHeader>
                      {price ? null : (
                        <Badge variant="success" className="mb-1">
                          <BadgeCheck aria-hidden="true" /> Vetting
                        </Badge>
                      )}
                      <CardTitle as="h3">{card.title}</CardTitle>
                      <CardDescription>{card.description}</CardDescription>
                    </CardHeader>
                    <CardContent className="flex flex-1 flex-col gap-5">
                      {price ? (
                        <p>
                          <span className="text-h2 font-bold tabular-nums">{formatPriceRange(price)}</span>{" "}
                          <span className="text-muted-foreground">{price.unit}</span>
                        </p>
                      ) : null}
                      <CheckList items={card.includes} className="text-small" />
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
          <p className="mt-6 flex max-w-3xl gap-2 text-small text-muted-foreground">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{disclaimer}</span>
          </p>
        </Container>
      </section>
      {topFixers}
      <ClosingBand service={service} />
    </>
  );
}

function ClosingBand({ service }: { service: Service }) {
  const others = services.filter((s) => s.kind === service.kind && s.slug !== service.slug).slice(0, 4);
  return (
    <section aria-labelledby="closing-title" className="py-14 sm:py-20">
      <Container>
        <div className="rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 lg:flex lg:items-center lg:justify-between lg:gap-10">
          <div className="max-w-2xl">
            <h2 id="closing-title" className="text-h2">
              Be first in line for {service.name.toLowerCase()} help
            </h2>
            <p className="mt-3 text-lg text-primary-foreground/90">
              Join early access and we will let you know as soon as fixers near you are taking bookings.
            </p>
          </div>
          <Button asChild size="lg" variant="secondary" className="mt-6 lg:mt-0">
            <Link to="/early-access">Get Early Access</Link>
          </Button>
        </div>
        <nav aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="text-h4 font-semibold">
            Related services
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {others.map((other) => (
              <li key={other.slug}>
                <Link
                  to={other.href}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border bg-card px-4 font-medium shadow-card hover:border-primary/40 hover:text-primary"
                >
                  <ServiceIcon slug={other.slug} className="size-4 text-primary" />
                  {other.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/categories" className="inline-flex min-h-11 items-center gap-1 px-2 font-medium text-primary hover:underline">
                All services <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          </ul>
        </nav>
      </Container>
    </section>
  );
}
