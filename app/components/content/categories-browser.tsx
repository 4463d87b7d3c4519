import { ArrowRight, Bot, Crown, FileText, Lock, MessageSquare, ShieldCheck, Siren, ThumbsUp } from "lucide-react";
import { ServiceIcon } from "~/components/content/service-icon";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { platformFeatures, type PlatformFeature } from "~/content/platform-features";
import { priceDisclaimer } from "~/content/prices";
import { formatStartingPrice } from "~/content/service-prices";
import { services, type Service } from "~/content/services";
import { Link } from "~/lib/routing";

const featureIcons: Record<PlatformFeature["icon"], typeof Lock> = { Lock, FileText, MessageSquare, ShieldCheck, ThumbsUp, Siren, Bot, Crown };

/**
 * /categories' browser: every service, by kind, and the platform's features, in two tabs. The only
 * part of the page that hydrates besides the header and footer (an island, decision 037).
 */
export function CategoriesBrowser() {
  const trades = services.filter((s) => s.kind === "trade");
  const care = services.filter((s) => s.kind === "care");
  return (
    <Tabs defaultValue="services" gap="loose">
      <TabsList aria-label="Browse by">
        <TabsTrigger value="services">All services</TabsTrigger>
        <TabsTrigger value="features">Features</TabsTrigger>
      </TabsList>
      <TabsContent value="services" className="space-y-12">
        <ServiceGroup id="trades" title="Home services" services={trades} />
        <ServiceGroup id="care" title="Care services" services={care} />
        <p className="max-w-3xl text-small text-muted-foreground">{priceDisclaimer}</p>
      </TabsContent>
      <TabsContent value="features">
        <h2 className="sr-only">Features</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {platformFeatures.map((feature) => {
            const Icon = featureIcons[feature.icon];
            return (
              <li key={feature.title} className="rounded-xl border border-border bg-card p-6 shadow-card">
                <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold">{feature.title}</h3>
                <p className="mt-1 text-small text-muted-foreground">{feature.description}</p>
              </li>
            );
          })}
        </ul>
      </TabsContent>
    </Tabs>
  );
}

function ServiceGroup({ id, title, services: list }: { id: string; title: string; services: readonly Service[] }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-h3 font-semibold">
        {title}
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {list.map((service) => (
          <li key={service.slug}>
            <Link
              to={service.href}
              className="group flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-card sm:p-6 transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-raised"
            >
              <span className="flex items-center gap-3 sm:flex-col sm:items-start sm:gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground sm:size-12">
                  <ServiceIcon slug={service.slug} className="size-6" />
                </span>
                <span className="text-h4 font-semibold">{service.name}</span>
              </span>
              <span className="mt-2 flex-1 text-small text-muted-foreground sm:mt-1">{service.description}</span>
              <span className="mt-4 flex items-center justify-between gap-2 text-small">
                <span className="text-muted-foreground">
                  From <span className="font-semibold text-foreground">{formatStartingPrice(service.slug)}</span>
                </span>
                <span className="inline-flex items-center gap-1 font-medium text-primary">
                  View <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
