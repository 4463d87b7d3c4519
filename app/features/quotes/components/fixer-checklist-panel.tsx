import { CheckCircle2, Circle } from "lucide-react";
import { fixerCopy } from "~/features/quotes/fixer-copy";
import type { FixerStep } from "~/features/quotes/fixer-checklist";

/** The /fixer greeting for a fixer with steps still to do (none left: nothing is shown). */
export function FixerChecklistPanel({ name, steps }: { name: string; steps: FixerStep[] }) {
  const left = steps.filter((s) => !s.done).length;
  if (left === 0) return null;
  return (
    <section id="getting-started" aria-labelledby="getting-started-title" className="rounded-xl border border-primary/30 bg-secondary p-4 sm:p-6">
      <h2 id="getting-started-title" className="text-xl font-semibold">
        {fixerCopy.checklist.title(name)}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{fixerCopy.checklist.intro(steps.length - left, steps.length)}</p>
      <ol className="mt-4 flex flex-col gap-3">
        {steps.map((step) => (
          <li key={step.id} className="flex items-start gap-3">
            {step.done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
            )}
            <div className="min-w-0">
              {step.done ? (
                <p className="text-muted-foreground">
                  <span className="line-through">{step.label}</span> <span className="sr-only">(done)</span>
                </p>
              ) : (
                <a href={step.href} className="font-medium text-primary hover:underline">
                  {step.label}
                </a>
              )}
              {step.done ? null : <p className="text-sm text-muted-foreground">{step.hint}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
