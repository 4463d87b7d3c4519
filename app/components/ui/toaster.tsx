import type * as React from "react";
import { Toaster as Sonner } from "sonner";

/** Sonner's colour variables, mapped onto the brand tokens (all pairs pass AA). */
const toastColours = {
  "--normal-bg": "var(--color-card)",
  "--normal-text": "var(--color-card-foreground)",
  "--normal-border": "var(--color-border)",
  "--success-bg": "#f0fdf4",
  "--success-text": "#166534",
  "--success-border": "#bbf7d0",
  "--error-bg": "var(--color-destructive)",
  "--error-text": "var(--color-destructive-foreground)",
  "--error-border": "var(--color-destructive)",
  "--warning-bg": "#fffbeb",
  "--warning-text": "#92400e",
  "--warning-border": "#fde68a",
  "--info-bg": "#eff6ff",
  "--info-text": "#1e40af",
  "--info-border": "#bfdbfe",
  "--border-radius": "var(--radius-lg)",
} as React.CSSProperties;

/** The one place toasts appear: at most 3 at once, 4 s each, bottom right. Mounted once in root.tsx. */
export function Toaster() {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      richColors
      closeButton
      containerAriaLabel="Notifications"
      style={toastColours}
      toastOptions={{
        closeButtonAriaLabel: "Close notification",
        classNames: {
          toast: "font-sans shadow-raised",
          title: "font-semibold",
          description: "text-sm",
          // WCAG 2.2 target size: at least 24 px (sonner draws 20 px).
          closeButton: "size-6!",
        },
      }}
    />
  );
}
