import { CalendarCheck, ClipboardList, CreditCard, Search } from "lucide-react";
import { CheckList } from "~/components/content/feature-list";
import { Reveal } from "~/components/content/reveal";
import { howItWorksSteps } from "~/content/how-it-works";

const stepIcons = [ClipboardList, Search, CalendarCheck, CreditCard] as const;

/** /how-it-works' four steps, each revealed on scroll: an island of its own on that page (decision 037). */
export function HowItWorksSteps() {
  return (
    <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {howItWorksSteps.map((step, index) => {
        const Icon = stepIcons[index] ?? ClipboardList;
        return (
          <li key={step.title} className="h-full" data-testid="how-it-works-step">
            <Reveal className="h-full" delayMs={index * 100}>
              <article className="flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-card">
                <div className="flex items-center justify-between">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <span className="text-4xl font-extrabold text-primary/20 tabular-nums" aria-hidden="true">
                    {index + 1}
                  </span>
                </div>
                <h3 className="mt-5 text-h4 font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-muted-foreground">{step.description}</p>
                <CheckList items={step.points} className="mt-4 text-small" />
              </article>
            </Reveal>
          </li>
        );
      })}
    </ol>
  );
}
