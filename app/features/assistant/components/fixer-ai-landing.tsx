import { Bot, Leaf, Lock, MapPin, ShieldCheck, Zap } from "lucide-react";
import { useState } from "react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Link } from "~/lib/routing";
import { landingFaqs, landingFeatures, landingHero, signInHref, signUpHref, tipCategories, type TipCategory } from "~/features/assistant/landing-content";

const featureIcons = { zap: Zap, map: MapPin, shield: ShieldCheck, leaf: Leaf } as const;

/** The signed-out reading of /fixer-ai: what AI Fixer does, and sign-in to chat. The chat is never rendered here. */
export function FixerAiLanding() {
  const [tipCategory, setTipCategory] = useState<TipCategory["id"]>("heating");
  const shownTips = tipCategories.find((c) => c.id === tipCategory) ?? tipCategories[0]!;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-12 px-4 py-10 sm:px-6 sm:py-14">
      <section aria-labelledby="fixer-ai-hero-title" className="flex flex-col items-center gap-5 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-raised">
          <Bot aria-hidden="true" className="size-9" />
        </span>
        <h1 id="fixer-ai-hero-title" className="text-display">
          {landingHero.title}
        </h1>
        <p className="text-h3 text-foreground">{landingHero.tagline}</p>
        <p className="max-w-2xl text-muted-foreground">{landingHero.text}</p>
        <SignInPanel />
      </section>

      <section aria-labelledby="fixer-ai-features-title" className="flex flex-col gap-6">
        <h2 id="fixer-ai-features-title" className="text-h2 text-center">
          Why use AI Fixer?
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {landingFeatures.map((feature) => {
            const Icon = featureIcons[feature.icon];
            return (
              <li key={feature.title}>
                <Card className="h-full">
                  <CardHeader>
                    <Icon aria-hidden="true" className="size-7 text-primary" />
                    <CardTitle>{feature.title}</CardTitle>
                    <CardDescription>{feature.text}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="fixer-ai-tips-title" className="flex flex-col gap-5 rounded-2xl bg-secondary p-5 sm:p-8">
        <h2 id="fixer-ai-tips-title" className="text-h2">
          Quick tips
        </h2>
        <div role="group" aria-label="Tip category" className="flex flex-wrap gap-2">
          {tipCategories.map((category) => (
            <Button
              key={category.id}
              variant={category.id === tipCategory ? "default" : "outline"}
              aria-pressed={category.id === tipCategory}
              onClick={() => setTipCategory(category.id)}
            >
              {category.label}
            </Button>
          ))}
        </div>
        <div aria-live="polite">
          <h3 className="text-h4 mb-2">{shownTips.label}</h3>
          <ul className="list-disc space-y-2 pl-5">
            {shownTips.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="fixer-ai-faq-title" className="flex flex-col gap-4">
        <h2 id="fixer-ai-faq-title" className="text-h2">
          Frequently asked questions
        </h2>
        <Accordion>
          {landingFaqs.map((faq) => (
            <AccordionItem key={faq.question} name="fixer-ai-faq">
              <AccordionTrigger>{faq.question}</AccordionTrigger>
              <AccordionContent>{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>

      <section aria-labelledby="fixer-ai-cta-title" className="flex flex-col items-center gap-4 rounded-2xl border border-border p-6 text-center sm:p-10">
        <h2 id="fixer-ai-cta-title" className="text-h2">
          Ready to fix it?
        </h2>
        <SignInPanel />
      </section>
    </div>
  );
}

function SignInPanel() {
  return (
    <div className="flex flex-col items-center gap-3">
      <p className="max-w-xl text-center font-medium">
        <Lock aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px] text-primary" />
        {landingHero.signInNote}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to={signInHref}>Sign in to chat</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={signUpHref}>Create a free account</Link>
        </Button>
      </div>
    </div>
  );
}
