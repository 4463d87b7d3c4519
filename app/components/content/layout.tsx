import type * as React from "react";
import { cn } from "~/lib/utils";

const containerWidths = { default: "max-w-6xl", prose: "max-w-3xl", narrow: "max-w-4xl" } as const;

/** The page width used by every content page (`prose` and `narrow` for reading columns). */
export function Container({
  className,
  width = "default",
  ...props
}: React.ComponentProps<"div"> & { width?: keyof typeof containerWidths }) {
  return <div className={cn("mx-auto w-full px-4 sm:px-6 lg:px-8", containerWidths[width], className)} {...props} />;
}

/** A page's top band: eyebrow, h1, intro, then any actions or cards passed as children. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  aside,
  below,
  compact = false,
  className,
}: {
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  intro?: React.ReactNode;
  children?: React.ReactNode;
  /** Shown beside the text on wide screens, under it on phones. */
  aside?: React.ReactNode;
  /** Full-width content inside the hero band, under the text (e.g. a row of cards). */
  below?: React.ReactNode;
  /** Less height, for text pages such as the legal documents. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="page-title"
      className={cn("relative overflow-hidden border-b border-border bg-gradient-to-b from-secondary via-secondary/40 to-background", className)}
    >
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/10 blur-3xl" />
      <Container className={cn("relative", compact ? "py-10 sm:py-12" : "py-12 sm:py-16 lg:py-20", aside && "grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]")}>
        <div className="max-w-3xl">
          {eyebrow ? <p className="mb-3 text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
          <h1 id="page-title" className="text-h1 text-balance text-foreground">
            {title}
          </h1>
          {intro ? <p className="mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{intro}</p> : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {aside ? <div className="min-w-0">{aside}</div> : null}
        {below ? <div className={cn("mt-10 sm:mt-12", aside && "lg:col-span-2 lg:mt-0")}>{below}</div> : null}
      </Container>
    </section>
  );
}

/** A titled page section; the h2 labels the region. */
export function PageSection({
  id,
  title,
  intro,
  children,
  className,
  tone = "plain",
}: {
  id: string;
  title: React.ReactNode;
  intro?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  tone?: "plain" | "muted";
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-24 py-14 sm:py-20", tone === "muted" && "bg-muted/60", className)}>
      <Container>
        <div className="mb-10 max-w-2xl">
          <h2 id={`${id}-title`} className="text-h2 text-balance">
            {title}
          </h2>
          {intro ? <p className="mt-3 text-lg text-pretty text-muted-foreground">{intro}</p> : null}
        </div>
        {children}
      </Container>
    </section>
  );
}
