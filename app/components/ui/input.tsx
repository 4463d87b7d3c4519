import type * as React from "react";
import { cn } from "~/lib/utils";

/** Shared look of text fields; aria-invalid turns the border red. 16 px text stops iOS zooming in. */
export const fieldClasses =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        fieldClasses,
        // A file input grows with the browser's button; text inputs keep the 44 px touch height.
        type === "file" ? "h-auto" : "h-11",
        "py-2 file:mr-3 file:h-full file:border-0 file:bg-transparent file:font-medium file:text-foreground",
        className,
      )}
      {...props}
    />
  );
}
