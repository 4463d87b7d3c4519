import { LoaderCircle } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

type SpinnerProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** What is loading, for screen readers. */
  label?: string;
  /** Decorative spinners (inside a button that already says aria-busy) drop the status role. */
  decorative?: boolean;
};

/** A spinning indicator announced as a status with a visually hidden label. */
export function Spinner({ label = "Loading...", decorative = false, className, ...props }: SpinnerProps) {
  if (decorative) {
    return <LoaderCircle aria-hidden="true" className={cn("size-4 shrink-0 animate-spin", className)} />;
  }
  return (
    <span role="status" data-slot="spinner" className={cn("inline-flex items-center", className)} {...props}>
      <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
