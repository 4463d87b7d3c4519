import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/toast";
import { cn } from "~/lib/utils";

type Result = { ok: boolean; title: string; text: string } | null | undefined;

/**
 * An action's result: a toast once hydrated, and a status line in the page, so a browser without
 * JavaScript sees it too. (A result carried across a redirect is a flash: ~/lib/flash.)
 */
export function ActionResult({ result, className }: { result: Result; className?: string }) {
  const shown = useRef<Result>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) toast.success(result.title, result.text);
    else toast.error(result.title, result.text);
  }, [result]);
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={cn(
        "rounded-lg border p-3 text-sm",
        result.ok ? "border-success/40 bg-success/10 text-foreground" : "border-destructive/40 bg-destructive/10 text-foreground",
        className,
      )}
    >
      <strong>{result.title}.</strong> {result.text}
    </p>
  );
}
