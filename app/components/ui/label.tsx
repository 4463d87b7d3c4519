import type * as React from "react";
import { cn } from "~/lib/utils";

/** A native label: `select-none` keeps a double click from selecting its text (all Radix Label added). */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn(
        "inline-flex items-center gap-2 text-sm leading-snug font-medium text-foreground select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
        className,
      )}
      {...props}
    />
  );
}
