import type * as React from "react";
import { cn } from "~/lib/utils";

/** Border and background of a card; a caller picks one instead of overriding the classes (decision 007). */
const cardTones = {
  default: "border-border bg-card",
  primary: "border-primary/30 bg-card",
  featured: "border-primary/40 bg-card ring-1 ring-primary/20",
  accent: "border-accent/40 bg-card",
  success: "border-success/30 bg-card",
  successTinted: "border-success/30 bg-success/5",
} as const;

/** Vertical padding and the gap between header, content and footer. */
const cardSpacings = { default: "gap-5 py-6", snug: "gap-3 py-6", flush: "gap-0 py-0" } as const;

export function Card({
  className,
  tone = "default",
  spacing = "default",
  ...props
}: React.ComponentProps<"div"> & { tone?: keyof typeof cardTones; spacing?: keyof typeof cardSpacings }) {
  return (
    <div
      data-slot="card"
      className={cn("flex flex-col rounded-xl border text-card-foreground shadow-card", cardTones[tone], cardSpacings[spacing], className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn("flex flex-col gap-1.5 px-5 sm:px-6", className)} {...props} />;
}

/** A card's title; a heading of the given level (h3 unless told), since cards sit under page sections. */
export function CardTitle({
  className,
  as: Heading = "h3",
  size = "default",
  ...props
}: React.ComponentProps<"h3"> & { as?: "h2" | "h3" | "h4"; size?: "default" | "lg" }) {
  return (
    <Heading
      data-slot="card-title"
      className={cn(size === "lg" ? "text-h3" : "text-h4", "leading-snug font-semibold", className)}
      {...props}
    />
  );
}

export function CardDescription({ className, size = "default", ...props }: React.ComponentProps<"p"> & { size?: "default" | "lg" }) {
  return (
    <p
      data-slot="card-description"
      className={cn(size === "lg" ? "text-body" : "text-small", "text-muted-foreground", className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("px-5 sm:px-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-footer" className={cn("flex flex-wrap items-center gap-3 px-5 sm:px-6", className)} {...props} />;
}
