import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A home page section with a centred heading block. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  children,
  className,
  headingLevel: H = "h2",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  children: ReactNode;
  className?: string;
  headingLevel?: "h2" | "h3";
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("scroll-mt-6", className)}>
      <div className="mx-auto max-w-2xl text-center">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
        <H id={headingId} className={cn("text-balance", H === "h2" ? "text-h2" : "text-h3 sm:text-h2")}>
          {title}
        </H>
        {lead ? <p className="mt-3 text-lg text-muted-foreground">{lead}</p> : null}
      </div>
      <div className="mt-10">{children}</div>
    </section>
  );
}
