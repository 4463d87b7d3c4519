import { LoaderCircle } from "lucide-react";
import { cn } from "~/lib/utils";

/** A full-screen veil while something slow happens; announced politely to screen readers. */
export function LoadingOverlay({ text = "Loading...", className }: { text?: string; className?: string }) {
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
    </div>
  );
}
