import { installApp, installStepsAnchor, webAppPromo } from "~/content/installable-app";
import { installSteps } from "~/content/install-steps";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * Where the browser offers its own install prompt (`beforeinstallprompt`), the page's inline script
 * (~/features/pwa/register-script) keeps it and marks the document `data-installable`: then this
 * button shows, and /app-start.js answers its click with the prompt (React need not have loaded).
 * Shown and hidden on a wrapper: the button's own classes set its display (cn does not merge classes, decision 007).
 */
function InstallPromptButton() {
  return (
    <div className="hidden [[data-installable]_&]:block">
      <button type="button" data-install-prompt="" className={buttonVariants({ size: "lg" })}>
        {installApp.label}
      </button>
    </div>
  );
}

/**
 * "Install FixiT" where the app is advertised (the home page's app card and /early-access), decision
 * 073. Works before any script and without one: a disclosure with the steps for each browser. Where
 * the browser has its own install prompt, its button shows in place of the disclosure. Inside the
 * installed app (display-mode: standalone) neither shows.
 */
export function InstallApp({ className, id }: { className?: string; id?: string }) {
  return (
    <div id={id} className={cn("scroll-mt-24 [@media(display-mode:standalone)]:hidden", className)}>
      <InstallPromptButton />
      <details className="group text-muted-foreground [[data-installable]_&]:hidden">
        <summary className={cn(buttonVariants({ size: "lg", variant: "outline" }), "list-none [&::-webkit-details-marker]:hidden")}>{installApp.label}</summary>
        <div className="mt-4 space-y-4 text-sm">
          {installSteps.steps.map((step) => (
            <section key={step.id} aria-label={step.title}>
              <h3 className="font-semibold text-foreground">{step.title}</h3>
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

/** /early-access's note when no store address is set: the installable app, and how to install it (#install-fixit). */
export function InstallAppNote() {
  return (
    <div className="text-sm">
      <p>
        <strong className="block text-base">{webAppPromo.title}</strong>
        {webAppPromo.body}
      </p>
      <InstallApp id={installStepsAnchor} className="mt-3" />
    </div>
  );
}
