import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/_site.categories._index";
import { Container, PageHero } from "~/components/content/layout";
import { ServiceIcon } from "~/components/content/service-icon";
import { Button } from "~/components/ui/button";
import { publicPage } from "~/content/pages";
import { services } from "~/content/services";
import { CategoriesBrowser } from "~/components/content/categories-browser";
import { Island } from "~/lib/islands/island";
import { pageMeta } from "~/lib/seo";

const page = publicPage("/categories");

/** Signed out, the page is served as islands: the header, the tabs and the footer hydrate (decision 037). */
export const handle = { islands: true };

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function CategoriesPage() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Every kind of help your home needs"
        intro={`${services.length} categories of vetted, insured professionals — from plumbers and electricians to nannies and dog walkers.`}
        aside={<IconMosaic />}
      >
        <Button asChild size="lg">
          <Link to="/early-access">Get Early Access</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/how-it-works">How it works</Link>
        </Button>
      </PageHero>

      <Container className="py-12 sm:py-16">
        <Island name="categories-browser">
          <CategoriesBrowser />
        </Island>
      </Container>
    </>
  );
}

/** Decorative tiles of every service icon beside the hero text (hidden from screen readers). */
function IconMosaic() {
  return (
    <div aria-hidden="true" className="mx-auto hidden max-w-md grid-cols-4 gap-3 sm:grid">
      {services.map((service, index) => (
        <span
          key={service.slug}
          className={
            index % 3 === 0
              ? "flex aspect-square items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-raised"
              : "flex aspect-square items-center justify-center rounded-2xl border border-border bg-card text-primary shadow-card"
          }
        >
          <ServiceIcon slug={service.slug} className="size-8" />
        </span>
      ))}
      <span className="flex aspect-square items-center justify-center rounded-2xl bg-success text-success-foreground shadow-raised">
        <ShieldCheck className="size-8" />
      </span>
    </div>
  );
}
