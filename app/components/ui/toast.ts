import { createElement, type ReactNode } from "react";

/**
 * The app's toast API: feature code imports this, never sonner. Errors are announced with role="alert"
 * (assertive); others with role="status".
 *
 * Sonner loads on the first toast, not with the page: a form page would otherwise ship it (9 KB
 * gzipped) in its first-load JavaScript for a message most visitors never see. The lazily mounted
 * <Toaster> shares the same module, so a toast raised while it loads still appears.
 */
function titled(role: "status" | "alert", title: string): ReactNode {
  return createElement("span", { role }, title);
}

const sonner = () => import("sonner").then((m) => m.toast);

export const toast = {
  success(title: string, description?: string) {
    void sonner().then((show) => show.success(titled("status", title), { description }));
  },
  /** The destructive variant: styled with the destructive tokens. */
  error(title: string, description?: string) {
    void sonner().then((show) => show.error(titled("alert", title), { description }));
  },
  message(title: string, description?: string) {
    void sonner().then((show) => show(titled("status", title), { description }));
  },
  dismiss(id?: string | number) {
    void sonner().then((show) => show.dismiss(id));
  },
};
