import { ChevronDown } from "lucide-react";
import { useEffect, useRef } from "react";
import type * as React from "react";
import { useLocation } from "~/lib/routing";
import { cn } from "~/lib/utils";

/**
 * Questions and answers as native disclosure widgets (`<details>`/`<summary>`): they open before
 * the page's JavaScript has run (or without it), the browser's find-in-page opens the answer it
 * finds, and they cost no script (decision 028). Items that share a `name` open one at a time.
 */
export function Accordion({ className, ...props }: React.ComponentProps<"div">) {
  const ref = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  // A link to one question (/help#faq-fees) opens its answer: browsers scroll to a <details> but leave it shut.
  useEffect(() => {
    let id = "";
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return; // a broken percent-encoding names no question
    }
    const target = id ? document.getElementById(id) : null;
    if (target instanceof HTMLDetailsElement && ref.current?.contains(target)) target.open = true;
  }, [hash]);
  return <div ref={ref} data-slot="accordion" className={className} {...props} />;
}

export function AccordionItem({ className, ...props }: React.ComponentProps<"details">) {
  return <details data-slot="accordion-item" className={cn("group scroll-mt-24 border-b border-border", className)} {...props} />;
}

/** The question is an h3 unless `headingLevel` says otherwise, so the page outline stays right (HTML allows a heading in a summary). */
export function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
  ...props
}: React.ComponentProps<"summary"> & { headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  return (
    <summary
      data-slot="accordion-trigger"
      className={cn(
        "flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-md py-3 text-left text-base font-medium transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden",
        className,
      )}
      {...props}
    >
      <Heading className="text-base font-medium">{children}</Heading>
      <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180" />
    </summary>
  );
}

export function AccordionContent({ className, children, ...props }: React.ComponentProps<"div">) {
  return (
    <div data-slot="accordion-content" className={cn("pb-4 text-body text-muted-foreground", className)} {...props}>
      {children}
    </div>
  );
}
