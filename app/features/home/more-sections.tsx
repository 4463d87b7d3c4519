import { ArrowRight, Check, Crown, Smartphone, Star } from "lucide-react";
import { Link } from "~/lib/routing";
import { AppStoreBadges, useAppStoreLinks } from "~/components/content/app-store-badges";
import { InstallApp } from "~/components/content/install-app";
import { hasAnyStore } from "~/content/app-stores";
import { webAppPromo } from "~/content/installable-app";
import { Button } from "~/components/ui/button";
import { appPromo, closingCta, professionals, testimonialsSection, vipOffer } from "~/content/home";
import { formatLongDate, isPast, milestones } from "~/content/dates";
import { homeTestimonials } from "~/content/testimonials";
import { Section } from "./section";

export function ProfessionalsSection() {
  return (
    <section id={professionals.id} aria-labelledby="professionals-title" className="scroll-mt-6 bg-primary text-primary-foreground">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1.3fr_1fr] lg:px-8 lg:py-20">
        <div>
          <p className="text-sm font-semibold tracking-wide text-blue-100 uppercase">{professionals.eyebrow}</p>
          <h2 id="professionals-title" className="mt-2 text-h2 text-balance">
            {professionals.title}
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-blue-50">{professionals.lead}</p>
          <ul className="mt-7 grid gap-3 sm:grid-cols-2">
            {professionals.points.map((p) => (
              <li key={p} className="flex gap-3">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
                {p}
              </li>
            ))}
          </ul>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="inverse">
              <Link to={professionals.cta.href}>
                {professionals.cta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="ghostInverse">
              <Link to={professionals.secondaryCta.href}>{professionals.secondaryCta.label}</Link>
            </Button>
          </div>
        </div>
        <div className="rounded-3xl bg-white/10 p-8 text-center ring-1 ring-white/20 sm:p-10">
          <p className="text-lg text-blue-50">{professionals.highlight.label}</p>
          <p className="mt-1 text-5xl font-extrabold tracking-tight sm:text-6xl">{professionals.highlight.value}</p>
          <p className="mt-4 text-blue-50">Independent contractors, your hours, your rates.</p>
        </div>
      </div>
    </section>
  );
}

/**
 * The customer app and the paid VIP offer, worded against today's date (DESIGN.md). The store app's
 * words ("launched", the badges) only when a store address is set; otherwise the installable web
 * app, truthfully, with "Install FixiT" (decision 073).
 */
export function AppAndVipSection({ now }: { now: Date }) {
  const appStores = useAppStoreLinks();
  const storeApp = hasAnyStore(appStores);
  const launched = isPast(milestones.appLaunch, now);
  const app = !storeApp ? { ...webAppPromo, body: () => webAppPromo.body } : launched ? appPromo.launched : appPromo.upcoming;
  const vipStarted = isPast(milestones.vipEarlyAccess, now);
  return (
    <section aria-label="The FixiT app and VIP access" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col rounded-3xl border border-border bg-secondary p-8 sm:p-10">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Smartphone aria-hidden="true" className="size-6" />
          </span>
          <p className="mt-6 text-sm font-semibold tracking-wide text-primary uppercase">{app.eyebrow}</p>
          <h2 className="mt-1 text-h2">{app.title}</h2>
          <p className="mt-3 text-lg text-muted-foreground">{app.body(formatLongDate(milestones.appLaunch))}</p>
          {storeApp && launched ? <AppStoreBadges links={appStores} className="mt-6" /> : null}
          {storeApp ? null : <InstallApp className="mt-6" />}
          <div className="mt-auto pt-8">
            <Button asChild size="lg">
              <Link to={appPromo.cta.href}>{appPromo.cta.label}</Link>
            </Button>
          </div>
        </div>
        <div className="flex flex-col rounded-3xl bg-slate-900 p-8 text-white sm:p-10">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-amber-400 text-slate-900">
            <Crown aria-hidden="true" className="size-6" />
          </span>
          <p className="mt-6 text-sm font-semibold tracking-wide text-amber-300 uppercase">Members only</p>
          <h2 className="mt-1 text-h2">{vipOffer.title}</h2>
          <p className="mt-3 text-lg text-slate-300">{vipOffer.body(formatLongDate(milestones.vipEarlyAccess), vipStarted)}</p>
          <div className="mt-auto flex flex-wrap items-center gap-x-6 gap-y-4 pt-8">
            <p>
              <span className="text-4xl font-extrabold">{vipOffer.price}</span>{" "}
              <span className="text-slate-300">{vipOffer.priceNote}</span>
            </p>
            <Button asChild size="lg" variant="highlight">
              <Link to={vipOffer.cta.href}>{vipOffer.cta.label}</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

export function TestimonialsSection() {
  return (
    <div className="bg-muted">
      <Section
        id={testimonialsSection.id}
        title={testimonialsSection.title}
        lead={testimonialsSection.lead}
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20"
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {homeTestimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-card">
                <p className="flex gap-0.5 text-amber-500">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} aria-hidden="true" className="size-5" fill={i < t.rating ? "currentColor" : "none"} />
                  ))}
                  <span className="sr-only">Rated {t.rating} out of 5</span>
                </p>
                <blockquote className="mt-4 flex-1 text-foreground">&ldquo;{t.quote}&rdquo;</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-full bg-secondary font-semibold text-primary">
                    {t.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-semibold">{t.name}</span>
                    <span className="block text-sm text-muted-foreground">
                      {t.service}, {t.place}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to={testimonialsSection.link.href} className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary hover:underline">
            {testimonialsSection.link.label} <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </p>
      </Section>
    </div>
  );
}

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-title" className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8 lg:py-20">
      <h2 id="closing-title" className="text-h2">
        {closingCta.title}
      </h2>
      <p className="mt-3 text-lg text-muted-foreground">{closingCta.lead}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={closingCta.primary.href}>{closingCta.primary.label}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={closingCta.secondary.href}>{closingCta.secondary.label}</Link>
        </Button>
      </div>
    </section>
  );
}
