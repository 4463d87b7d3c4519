import { LoaderCircle } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** A full-screen veil while something slow happens; announced politely to screen readers. `children` (e.g. upload progress) sit under the text. */
export function LoadingOverlay({ text = "Loading...", className, children }: { text?: string; className?: string; children?: React.ReactNode }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-slot="loading-overlay"
      className={cn(
        "fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-background/85 p-6 text-center backdrop-blur-sm animate-fade-in",
        className,
      )}
    >
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-primary" />
      <p className="text-h4 font-medium text-foreground">{text}</p>
      {children}
    </div>
  );
}
