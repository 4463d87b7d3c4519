import { ArrowRight } from "lucide-react";
import { Link, useRootData } from "~/lib/routing";
import { shownStat } from "~/content/figures";
import { Button } from "~/components/ui/button";
import { Carousel } from "~/components/ui/carousel";
import { SiteSearch } from "~/features/search/components/site-search";
import { hero, heroSlides } from "~/content/home-hero";

/** The hero under the home top bar: headline, site search, calls to action, figures and the service carousel. */
export function HomeHero() {
  const figures = useRootData()?.figures;
  return (
    <div className="relative bg-gradient-to-b from-secondary via-secondary/60 to-background">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
        <div className="absolute -top-56 -right-40 size-[36rem] rounded-full bg-primary/10 blur-3xl" />
      </div>
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pt-6 pb-14 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:gap-14 lg:px-8 lg:pt-10 lg:pb-20">
        <div className="relative z-20">
          <p className="inline-flex items-center gap-2 rounded-full bg-background/80 px-3 py-1 text-sm font-medium text-primary shadow-card">
            <span aria-hidden="true" className="size-2 rounded-full bg-success" />
            {hero.eyebrow}
          </p>
          <h1 className="mt-5 text-display text-balance">{hero.title}</h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">{hero.lead}</p>
          <SiteSearch className="mt-7 max-w-xl" label={hero.searchLabel} />
          {/* data-keep-clear: the floating widgets never sit over the calls to action or the figures. */}
          <div data-keep-clear="" className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={hero.primaryCta.href}>
                {hero.primaryCta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={hero.secondaryCta.href}>{hero.secondaryCta.label}</Link>
            </Button>
          </div>
          <dl data-keep-clear="" className="mt-9 grid max-w-lg grid-cols-3 gap-4 border-t border-border pt-6">
            {hero.stats.map((item) => shownStat(item, figures)).map((s) => (
              <div key={s.label} className="flex flex-col-reverse">
                <dt className="text-sm text-muted-foreground">{s.label}</dt>
                <dd className="text-2xl font-extrabold tracking-tight text-foreground sm:text-3xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <Carousel
          label="Our services"
          items={heroSlides}
          itemLabel={(s) => s.title}
          intervalMs={4000}
          viewportClassName="aspect-[16/11] rounded-2xl bg-background shadow-overlay ring-1 ring-border"
          renderSlide={(slide, i) => (
            <figure className="relative h-full">
              <img
                src={slide.image.src}
                alt={slide.image.alt}
                width={slide.image.width}
                height={slide.image.height}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : "low"}
                decoding={i === 0 ? "sync" : "async"}
                className="h-full w-full object-cover"
              />
              <figcaption className="absolute bottom-4 left-4 rounded-xl bg-background/95 px-4 py-2.5 shadow-raised">
                <Link to={`/categories/${slide.slug}`} className="font-semibold text-foreground hover:text-primary hover:underline">
                  {slide.title}
                </Link>
                <span className="block text-sm text-muted-foreground">{slide.caption}</span>
              </figcaption>
            </figure>
          )}
        />
      </div>
    </div>
  );
}
