import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/toast";
import { isFormResult, type FormResult } from "~/lib/forms/result";
import { cn } from "~/lib/utils";

type Result = FormResult | null | undefined;

/**
 * An action's result: a toast once hydrated, and a status line in the page, so a browser without
 * JavaScript sees it too. (A result carried across a redirect is a flash: ~/lib/flash.)
 */
export function ActionResult({ result, className }: { result: Result; className?: string }) {
  const shown = useRef<Result>(undefined);
  const ok = result?.status === "success";
  useEffect(() => {
    if (!isFormResult(result) || shown.current === result) return;
    shown.current = result;
    if (result.status === "success") toast.success(result.title ?? "", result.message);
    else toast.error(result.title ?? "", result.message);
  }, [result]);
  if (!isFormResult(result)) return null;
  return (
    <p
      role={ok ? "status" : "alert"}
      className={cn(
        "rounded-lg border p-3 text-sm",
        ok ? "border-success/40 bg-success/10 text-foreground" : "border-destructive/40 bg-destructive/10 text-foreground",
        className,
      )}
    >
      <strong>{result.title}.</strong> {result.message}
    </p>
  );
}
