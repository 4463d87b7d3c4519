import { ArrowRight, Check } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useRootData } from "~/lib/routing";
import { shownStat } from "~/content/figures";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Carousel } from "~/components/ui/carousel";
import { ContentIcon } from "~/components/content/content-icon";
import { aiFixer, care, careSlides, homeTabs, howItWorks, popularServices, whyChoose, type Step } from "~/content/home";
import { services } from "~/content/services";
import { useHydrated } from "~/lib/use-hydrated";
import { Section } from "./section";

/** Sections inside the default tab: a link to one of them shows that tab first. */
const defaultTabSectionIds = [whyChoose.id, howItWorks.id, "popular-services"];

/**
 * The home page's three tabs: the default tab (popular services, how it works, why
 * choose FixiT), Care and AI Fixer. Every panel is rendered on the server (for search engines and
 * so the section ids always exist); the inactive ones are hidden.
 */
export function ExploreTabs() {
  const [tab, setTab] = useState<string>(homeTabs.services.value);
  // A new object per navigation, so a second click on the same link scrolls again.
  const [scrollTarget, setScrollTarget] = useState<{ id: string } | null>(null);
  const location = useLocation();
  // Marks the tabs live once this deferred chunk has hydrated (the browser tests wait for it; a
  // click before that is lost, as on any server-rendered page).
  const live = useHydrated();

  useEffect(() => {
    const target = location.hash.slice(1);
    if (!defaultTabSectionIds.includes(target)) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL hash (an external input) picks the tab
    setTab(homeTabs.services.value);
    setScrollTarget({ id: target });
  }, [location.hash, location.key]);

  // Runs after the render that shows the default panel again (a frame timer could fire before it on a busy phone).
  useEffect(() => {
    if (scrollTarget) document.getElementById(scrollTarget.id)?.scrollIntoView();
  }, [scrollTarget]);

  return (
    <Tabs value={tab} onValueChange={setTab} gap="none" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <h2 className="sr-only">{homeTabs.label}</h2>
      <TabsList aria-label={homeTabs.label} data-live={live || undefined} layout="stretch" className="mx-auto w-full max-w-xl justify-between sm:w-fit">
        {[homeTabs.services, homeTabs.care, homeTabs.aiFixer].map((t) => (
          <TabsTrigger key={t.value} value={t.value} className="flex-1 px-3 sm:px-6">
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>

      <TabsContent value={homeTabs.services.value} forceMount className="mt-12 space-y-24 data-[state=inactive]:hidden">
        <PopularServices />
        <HowItWorks />
        <WhyChoose />
      </TabsContent>
      <TabsContent value={homeTabs.care.value} forceMount className="mt-12 data-[state=inactive]:hidden">
        <CarePanel />
      </TabsContent>
      <TabsContent value={homeTabs.aiFixer.value} forceMount className="mt-12 data-[state=inactive]:hidden">
        <AiFixerPanel />
      </TabsContent>
    </Tabs>
  );
}

function PopularServices() {
  const list = popularServices.slugs.map((slug) => services.find((s) => s.slug === slug)!);
  return (
    <Section id="popular-services" title={popularServices.title} lead={popularServices.lead} headingLevel="h3">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {list.map((s) => (
          <li key={s.slug}>
            {/* data-keep-clear: the floating bubble steps aside while a card (a link end to end) is under it, as on a phone where cards span the width. */}
            <Link
              data-keep-clear=""
              to={s.href}
              className="group flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-card transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-raised"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-secondary text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                <ContentIcon name={s.icon} className="size-6" />
              </span>
              <span className="mt-4 text-h4">{s.name}</span>
              <span className="mt-1 text-small text-muted-foreground">{s.description}</span>
              <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-primary">
                Find a pro <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center">
        <Button asChild variant="outline">
          <Link to={popularServices.allLink.href}>{popularServices.allLink.label}</Link>
        </Button>
      </p>
    </Section>
  );
}

function StepList({ title, steps, link, tone }: { title: string; steps: readonly Step[]; link: { label: string; href: string }; tone: "primary" | "accent" }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <h4 className="text-h3">{title}</h4>
      <ol className="mt-6 space-y-6">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className={
                tone === "primary"
                  ? "inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
                  : "inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground"
              }
            >
              {i + 1}
            </span>
            <div>
              <p className="font-semibold">{step.title}</p>
              <p className="mt-0.5 text-muted-foreground">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
      <Link to={link.href} className="mt-7 inline-flex min-h-11 items-center gap-1 font-semibold text-primary hover:underline">
        {link.label} <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}

function HowItWorks() {
  return (
    <Section id={howItWorks.id} title={howItWorks.title} lead={howItWorks.lead} headingLevel="h3">
      <div className="grid gap-6 lg:grid-cols-2">
        <StepList title={howItWorks.customers.title} steps={howItWorks.customers.steps} link={howItWorks.customers.link} tone="primary" />
        <StepList
          title={howItWorks.professionals.title}
          steps={howItWorks.professionals.steps}
          link={howItWorks.professionals.link}
          tone="accent"
        />
      </div>
    </Section>
  );
}

function WhyChoose() {
  return (
    <Section id={whyChoose.id} title={whyChoose.title} lead={whyChoose.lead} headingLevel="h3">
      <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {whyChoose.features.map((f) => (
          <li key={f.title} className="flex gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
              <ContentIcon name={f.icon} className="size-6" />
            </span>
            <div>
              <h4 className="text-h4">{f.title}</h4>
              <p className="mt-1 text-muted-foreground">{f.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function CarePanel() {
  const figures = useRootData()?.figures;
  return (
    <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-14">
      <Carousel
        label="Care services"
        items={careSlides}
        itemLabel={(s) => s.title}
        intervalMs={5000}
        viewportClassName="rounded-2xl border border-border bg-card shadow-raised"
        renderSlide={(slide) => (
          <figure className="flex h-full flex-col">
            <img
              src={slide.image.src}
              alt={slide.image.alt}
              width={slide.image.width}
              height={slide.image.height}
              loading="lazy"
              decoding="async"
              className="aspect-[16/11] w-full object-cover"
            />
            <figcaption className="flex-1 p-5 sm:p-6">
              <Link to={`/categories/${slide.slug}`} className="text-h4 hover:text-primary hover:underline">
                {slide.title}
              </Link>
              <p className="mt-1 text-muted-foreground">{slide.description}</p>
            </figcaption>
          </figure>
        )}
      />
      <div>
        <h3 className="text-h2 text-balance">{care.title}</h3>
        <p className="mt-3 text-lg text-muted-foreground">{care.lead}</p>
        <dl className="mt-8 grid grid-cols-2 gap-4">
          {care.stats.map((item) => shownStat(item, figures)).map((s) => (
            <div key={s.label} className="flex flex-col-reverse rounded-xl bg-secondary p-5">
              <dt className="text-muted-foreground">{s.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-primary">{s.value}</dd>
            </div>
          ))}
        </dl>
        <ul className="mt-8 space-y-3">
          {care.points.map((p) => (
            <li key={p} className="flex gap-3">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              {p}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-wrap gap-3">
          {careSlides.map((s) => (
            <Button key={s.slug} asChild variant="outline" size="sm">
              <Link to={`/categories/${s.slug}`}>{s.title}</Link>
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}

function AiFixerPanel() {
  return (
    <div className="overflow-hidden rounded-3xl bg-gradient-to-br from-slate-900 to-blue-950 text-white">
      <div className="grid gap-10 p-6 sm:p-10 lg:grid-cols-[1.1fr_1fr] lg:p-14">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
            <ContentIcon name="Bot" className="size-4" /> {aiFixer.stat.value} {aiFixer.stat.label}
          </p>
          <h3 className="mt-5 text-h2 text-balance">{aiFixer.title}</h3>
          <p className="mt-4 text-lg text-slate-300">{aiFixer.lead}</p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {aiFixer.features.map((f) => (
              <li key={f.title}>
                <ContentIcon name={f.icon} className="size-6 text-amber-300" />
                <h4 className="mt-2 font-semibold">{f.title}</h4>
                <p className="mt-1 text-sm text-slate-300">{f.description}</p>
              </li>
            ))}
          </ul>
          <Button asChild size="lg" variant="light" className="mt-9">
            <Link to={aiFixer.cta.href}>
              {aiFixer.cta.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <div className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10 sm:p-6">
          <p className="text-sm font-semibold text-slate-300">People ask AI Fixer</p>
          <ul className="mt-4 space-y-3">
            {aiFixer.examples.map((q) => (
              <li key={q} className="rounded-2xl rounded-br-sm bg-white/10 px-4 py-3 text-white">
                &ldquo;{q}&rdquo;
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
