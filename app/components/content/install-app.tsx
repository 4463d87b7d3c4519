import { Download } from "lucide-react";
import { installApp } from "~/content/installable-app";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * "Install FixiT" where the app is advertised (the home page's app card, /early-access, the footer).
 * Works before any script and without one: a disclosure with the steps for each browser. Where the
 * browser offers its own install prompt (`beforeinstallprompt`), the page's small start script
 * (~/features/pwa/register-script) marks the document `data-installable`; then the button shows in
 * place of the disclosure, and that script answers its click (React need not have loaded). Inside
 * the installed app (display-mode: standalone) neither shows.
 */
export function InstallApp({ tone = "light", className }: { tone?: "light" | "dark"; className?: string }) {
  const dark = tone === "dark";
  return (
    <div className={cn("[@media(display-mode:standalone)]:hidden", className)}>
      {/* Shown and hidden on wrappers: the button's own classes set its display (cn does not merge classes, decision 007). */}
      <div className="hidden [[data-installable]_&]:block">
        <button type="button" data-install-prompt="" className={buttonVariants({ size: "lg", variant: dark ? "light" : "default" })}>
          <Download aria-hidden="true" /> {installApp.label}
        </button>
      </div>
      <details className={cn("group [[data-installable]_&]:hidden", dark ? "text-slate-300" : "text-muted-foreground")}>
        <summary
          className={cn(
            buttonVariants({ size: "lg", variant: dark ? "light" : "outline" }),
            "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          )}
        >
          <Download aria-hidden="true" /> {installApp.label}
        </summary>
        <div className="mt-4 space-y-4 text-sm">
          {installApp.steps.map((step) => (
            <section key={step.id} aria-label={step.title}>
              <h3 className={cn("font-semibold", dark ? "text-white" : "text-foreground")}>{step.title}</h3>
              <ol className="mt-1 list-decimal space-y-1 pl-5">
                {step.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </details>
    </div>
  );
}
