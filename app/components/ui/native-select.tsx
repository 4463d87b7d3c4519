import type * as React from "react";
import { fieldClasses } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/** A styled native <select>: works before hydration and without JavaScript (progressively enhanced forms). */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <div className="relative w-full">
      <select
        data-slot="native-select"
        className={cn(fieldClasses, "h-11 cursor-pointer appearance-none py-2 pr-10", className)}
        {...props}
      >
        {children}
      </select>
      {/* Lucide's chevron-down, drawn here: the form stack's chunk must not take an icon other pages import (scripts/shell-chunks-plugin.ts). */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      >
        <path d="m6 9 6 6 6-6" />
      </svg>
    </div>
  );
}
