import { useRootData } from "~/lib/routing";
import { cn } from "~/lib/utils";

/**
 * The page's flash as a status line, rendered on the server, so a browser without JavaScript reads
 * it too (with JavaScript the root also shows it as a toast). Each layout places it once.
 */
export function FlashStatus({ className }: { className?: string }) {
  const flash = useRootData()?.flash ?? null;
  if (!flash) return null;
  return (
    <div className={className}>
      <p
        role="status"
        className={cn(
          "rounded-lg border p-3 text-sm text-foreground",
          flash.kind === "success" ? "border-success/40 bg-success/10" : "border-destructive/40 bg-destructive/10",
        )}
      >
        <strong>{flash.text && !/[.!?]$/.test(flash.title) ? `${flash.title}.` : flash.title}</strong>
        {flash.text ? ` ${flash.text}` : null}
      </p>
    </div>
  );
}
