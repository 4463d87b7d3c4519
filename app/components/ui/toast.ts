import { createElement, type ReactNode } from "react";
import { toast as sonnerToast } from "sonner";

/**
 * The app's toast API: feature code imports this, never sonner. Errors are announced with role="alert"
 * (assertive); others with role="status".
 */
function titled(role: "status" | "alert", title: string): ReactNode {
  return createElement("span", { role }, title);
}

export const toast = {
  success(title: string, description?: string) {
    return sonnerToast.success(titled("status", title), { description });
  },
  /** The destructive variant: styled with the destructive tokens. */
  error(title: string, description?: string) {
    return sonnerToast.error(titled("alert", title), { description });
  },
  message(title: string, description?: string) {
    return sonnerToast(titled("status", title), { description });
  },
  dismiss(id?: string | number) {
    return sonnerToast.dismiss(id);
  },
};
