import { Check } from "lucide-react";
import { cn } from "~/lib/utils";
import { fixerSteps, type FixerStep } from "./content";

/** The fixer journey's 3-step indicator: Details → Payment → Onboarding. */
export function FixerStepIndicator({ current, done = [] }: { current: FixerStep; done?: FixerStep[] }) {
  return (
    <nav aria-label="Registration progress">
      <ol className="flex items-center gap-2 sm:gap-3">
        {fixerSteps.map((step, index) => {
          const isDone = done.includes(step.id);
          const isCurrent = step.id === current;
          return (
            <li key={step.id} className="relative flex min-w-0 flex-1 flex-col items-center gap-1.5 sm:flex-row sm:gap-3" aria-current={isCurrent ? "step" : undefined}>
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold",
                  isDone ? "border-success bg-success text-success-foreground" : isCurrent ? "border-primary bg-primary text-primary-foreground" : "border-input bg-background text-muted-foreground",
                )}
              >
                {isDone ? <Check aria-hidden="true" className="size-4" /> : index + 1}
              </span>
              <span className={cn("max-w-full truncate text-sm font-medium", isCurrent ? "text-foreground" : "text-muted-foreground")}>
                <span className="sr-only">{`Step ${index + 1}: `}</span>
                {step.label}
                <span className="sr-only">{isDone ? " (done)" : isCurrent ? " (current step)" : ""}</span>
              </span>
              {index < fixerSteps.length - 1 ? <span aria-hidden="true" className="hidden h-0.5 flex-1 rounded bg-border sm:block" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
