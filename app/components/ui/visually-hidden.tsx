import type * as React from "react";
import { cn } from "~/lib/utils";

/** Text for screen readers only: present in the accessibility tree, not drawn on screen. */
export function VisuallyHidden({ className, ...props }: React.ComponentProps<"span">) {
  return <span data-slot="visually-hidden" className={cn("sr-only", className)} {...props} />;
}
