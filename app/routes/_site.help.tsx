import { ArrowRight, BookOpen, CreditCard, Building2, Mail, Phone, Rocket } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/_site.help";
import { Container, PageHero } from "~/components/content/layout";
import { CoverageStatement } from "~/features/coverage/coverage-statement";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { company } from "~/content/company";
import { buildFaq, type FaqCategory } from "~/content/faq";
import { publicPage } from "~/content/pages";
import { pageMeta } from "~/lib/seo";
import { contactSupportAction } from "~/features/forms/actions.server";
import { DeferredContactSupportForm } from "~/features/forms/deferred-forms";
import { formClientAction } from "~/features/forms/client-action";

const page = publicPage("/help");

export function loader({ context }: Route.LoaderArgs) {
  // The answers word the app launch against today's date and the configured stores; built from typed content, no database.
  const { APP_STORE_URL, PLAY_STORE_URL } = context.services.config;
  return { faq: buildFaq(new Date(), Boolean(APP_STORE_URL || PLAY_STORE_URL)) };
}

/** The Contact Support form (app/features/forms). */
export const action = (args: Route.ActionArgs) => contactSupportAction(args);

/** The action's headers (Retry-After on a 429) reach the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}
export const clientAction = (args: Route.ClientActionArgs) => formClientAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ ...page, jsonLd: loaderData ? [faqPageJsonLd(loaderData.faq)] : [] });

/** schema.org FAQPage with every question and answer on the page. */
function faqPageJsonLd(faq: FaqCategory[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faq.flatMap((category) =>
      category.items.map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: item.answer } })),
    ),
  };
}

const categoryIcons = { "getting-started": Rocket, "booking-services": BookOpen, "account-billing": CreditCard, "company-processes": Building2 } as const;

export default function HelpPage({ loaderData }: Route.ComponentProps) {
  const { faq } = loaderData;
  return (
    <>
      <PageHero eyebrow="Help Center" title="How can we help?" intro="Answers to the questions we hear most, and a direct line to our support team.">
        <nav aria-label="FAQ categories" className="w-full">
          <ul className="flex flex-wrap gap-2">
            {faq.map((category) => {
              const Icon = categoryIcons[category.id as keyof typeof categoryIcons] ?? BookOpen;
              return (
                <li key={category.id}>
                  <a
                    href={`#${category.id}`}
                    className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border bg-card px-4 text-small font-medium shadow-card hover:border-primary/40 hover:text-primary"
                  >
                    <Icon aria-hidden="true" className="size-4 text-primary" />
                    {category.title}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </PageHero>

      <Container width="narrow" className="space-y-12 py-12 sm:py-16">
        {faq.map((category) => (
          <section key={category.id} id={category.id} aria-labelledby={`${category.id}-title`} className="scroll-mt-24">
            <h2 id={`${category.id}-title`} className="text-h2">
              {category.title}
            </h2>
            <Accordion className="mt-4 rounded-xl border border-border bg-card px-5 shadow-card">
              {category.items.map((item) => (
                <AccordionItem key={item.id} id={`faq-${item.id}`} className="last:border-b-0">
                  <AccordionTrigger headingLevel={3}>{item.question}</AccordionTrigger>
                  <AccordionContent>
                    <p>{item.answer}</p>
                    {item.link ? (
                      <Link
                        to={item.link.href}
                        className="mt-3 inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {item.link.label} <ArrowRight aria-hidden="true" className="size-4" />
                      </Link>
                    ) : null}
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </section>
        ))}
        <CoverageStatement />
      </Container>

      <section id="contact-support" aria-labelledby="contact-support-title" className="scroll-mt-24 border-t border-border bg-muted/60 py-14 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]">
          <div>
            <h2 id="contact-support-title" className="text-h2">
              Contact Support
            </h2>
            <p className="mt-3 text-lg text-muted-foreground">Can't find your answer? Send us a message and we will reply within 24 hours.</p>
            <ul className="mt-6 space-y-3">
              <li className="flex items-center gap-3">
                <Mail aria-hidden="true" className="size-5 text-primary" />
                <a className="font-medium underline-offset-4 hover:underline" href={`mailto:${company.supportEmail}`}>
                  {company.supportEmail}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <Phone aria-hidden="true" className="size-5 text-primary" />
                <a className="font-medium underline-offset-4 hover:underline" href={company.phoneHref}>
                  {company.phone}
                </a>
              </li>
            </ul>
            <p className="mt-3 text-small text-muted-foreground">Phone lines are open {company.supportHours}.</p>
          </div>
          <div className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
            <DeferredContactSupportForm />
          </div>
        </Container>
      </section>
    </>
  );
}
