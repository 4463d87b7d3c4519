import { toast } from "~/components/ui/toast";
import type { AuthResult } from "./messages";

/** An account action's answer as a toast: success, or the destructive variant. */
export function toastResult(result: AuthResult) {
  if (result.status === "success") toast.success(result.title, result.message);
  else toast.error(result.title, result.message);
}
