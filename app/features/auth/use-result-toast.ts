import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/toast";
import type { AuthResult } from "./messages";

/** Shows each new action result once as a toast: success, or the destructive variant. */
export function useResultToast(result: AuthResult | undefined, onResult?: (result: AuthResult) => void) {
  const shown = useRef<AuthResult | undefined>(undefined);
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) toast.success(result.title, result.text);
    else toast.error(result.title, result.text);
    callback.current?.(result);
  }, [result]);
}
