import { ArrowRight, FileText, Lock, Rocket, Tag } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/_site.how-it-works";
import { CheckList } from "~/components/content/feature-list";
import { Container, PageHero } from "~/components/content/layout";
import { CoverageStatement } from "~/features/coverage/coverage-statement";
import { HowItWorksSteps } from "~/components/content/how-it-works-steps";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { useAppStoreLinks } from "~/components/content/app-store-badges";
import { hasAnyStore } from "~/content/app-stores";
import { formatLongDate, isPast, milestones } from "~/content/dates";
import { webAppPromo } from "~/content/installable-app";
import { howItWorksIntro, paymentProtection } from "~/content/payment-protection";
import { publicPage } from "~/content/pages";
import { fees, formatGBP, freeCancellationHours, products } from "~/content/prices";
import { formatPriceWithUnit, servicePrices } from "~/content/service-prices";
import { services } from "~/content/services";
import { Island } from "~/lib/islands/island";
import { pageMeta } from "~/lib/seo";

const page = publicPage("/how-it-works");

/** Signed out, the page is served as islands: the header, the steps (they reveal on scroll) and the footer hydrate (decision 037). */
export const handle = { islands: true };

export const meta: Route.MetaFunction = () => pageMeta(page);

export function loader() {
  // Today's date decides how the launch is worded; no database work.
  return { today: new Date().toISOString() };
}


export default function HowItWorksPage({ loaderData }: Route.ComponentProps) {
  const today = new Date(loaderData.today);
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="Home help, booked with confidence"
        intro={howItWorksIntro}
        below={
          <div className="grid gap-6 md:grid-cols-2">
            <EarlyAccessCard today={today} />
            <PricingCard />
          </div>
        }
      >
        <Button asChild size="lg">
          <Link to="/early-access">Get Early Access</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href="#steps">See the four steps</a>
        </Button>
      </PageHero>

      <section id="steps" aria-labelledby="steps-title" className="scroll-mt-24 bg-muted/60 py-14 sm:py-20">
        <Container>
          <h2 id="steps-title" className="text-h2">
            Four simple steps
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">From first message to finished job.</p>
          <Island name="how-it-works-steps">
            <HowItWorksSteps />
          </Island>
        </Container>
      </section>

      <section aria-labelledby="payment-title" className="py-14 sm:py-20">
        <Container className="grid items-start gap-10 lg:grid-cols-2">
          <div>
            <h2 id="payment-title" className="text-h2">
              {paymentProtection.title}
            </h2>
            <p className="mt-3 text-lg text-muted-foreground">{paymentProtection.lead}</p>
            <ol className="mt-6 space-y-4">
              {paymentProtection.steps.map((text, i) => (
                <li key={text} className="flex gap-4">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-primary">{i + 1}</span>
                  <span className="pt-1">{text}</span>
                </li>
              ))}
            </ol>
          </div>
          <TermsBox />
        </Container>
      </section>

      <Container className="pb-14 sm:pb-20">
        <CoverageStatement />
      </Container>
    </>
  );
}

function EarlyAccessCard({ today }: { today: Date }) {
  // "Launched" only when a store app's address is set (decision 073); otherwise the installable web app.
  const storeApp = hasAnyStore(useAppStoreLinks());
  const launched = isPast(milestones.appLaunch, today);
  const launch = formatLongDate(milestones.appLaunch);
  return (
    <Card tone="primary">
      <CardHeader>
        <Badge variant="secondary" className="mb-1">
          <Rocket aria-hidden="true" /> Early access programme
        </Badge>
        <CardTitle as="h2" size="lg">
          {!storeApp ? webAppPromo.title : launched ? `The FixiT app launched on ${launch}` : `The FixiT app launches on ${launch}`}
        </CardTitle>
        <CardDescription size="lg">
          {launched
            ? "We are opening bookings area by area. Join early access to hear first when fixers near you are taking bookings, and help shape what we build."
            : "Join the early-access list to be first in when it opens, and help shape what we build."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CheckList
          className="text-small"
          items={[
            "Free to join the early-access list",
            `Optional VIP access for ${formatGBP(products.vipAccess.pricePence)}, one-time, with members-only updates and tips`,
            "Tell us which services you need most",
          ]}
        />
      </CardContent>
      <CardFooter className="mt-auto">
        <Button asChild>
          <Link to="/early-access">
            Get Early Access <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function PricingCard() {
  const examples = [
    { name: "Plumbing", price: formatPriceWithUnit(servicePrices.plumbing[0]!) },
    { name: "Cleaning", price: formatPriceWithUnit(servicePrices.cleaning[0]!) },
    { name: "Dog walking", price: formatPriceWithUnit(servicePrices["dog-walking"][0]!) },
  ];
  return (
    <Card>
      <CardHeader>
        <Badge variant="outline" className="mb-1">
          <Tag aria-hidden="true" /> Services and pricing
        </Badge>
        <CardTitle as="h2" size="lg">
          {services.length} services, clear prices
        </CardTitle>
        <CardDescription size="lg">
          Every service page shows indicative price ranges, and your fixer confirms a quote upfront.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="divide-y divide-border rounded-lg border border-border text-small">
          {examples.map((e) => (
            <div key={e.name} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2.5">
              <dt className="font-medium">{e.name}</dt>
              <dd className="tabular-nums">{e.price}</dd>
            </div>
          ))}
        </dl>
        <p className="text-small text-muted-foreground">
          A {fees.customerServiceFeePercent}% customer service fee is added when you book. Free cancellation up to {freeCancellationHours} hours
          before the slot.
        </p>
      </CardContent>
      <CardFooter className="mt-auto">
        <Button asChild variant="outline">
          <Link to="/categories">
            Browse all services <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function TermsBox() {
  const links = [
    { href: "/terms", label: "Terms and Conditions", text: "Payments, fees, cancellations, disputes and your rights." },
    { href: "/data-protection", label: "Data Protection and Privacy Policy", text: "How we look after your personal data." },
    { href: "/help", label: "Help Center", text: "Answers to common questions and support." },
  ];
  return (
    <aside aria-labelledby="terms-box-title" className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Lock aria-hidden="true" className="size-5" />
        </span>
        <h2 id="terms-box-title" className="text-h3 font-semibold">
          The small print, in plain English
        </h2>
      </div>
      <ul className="mt-6 space-y-3">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              className="group flex items-start gap-3 rounded-lg border border-border p-4 transition-colors hover:border-primary/40 hover:bg-secondary/50"
            >
              <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-foreground group-hover:text-primary">{link.label}</span>
                <span className="block text-small text-muted-foreground">{link.text}</span>
              </span>
              <ArrowRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground group-hover:text-primary" />
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
