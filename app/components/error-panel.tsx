import { useEffect } from "react";
import { useRouteError } from "~/lib/routing";

/**
 * The fallback for an unexpected failure. Routes may render their own fallback instead;
 * this one is the default for the whole site.
 */
export function ErrorPanel() {
  const error = useRouteError();
  useEffect(() => {
    if (error) console.error("Unexpected error:", error);
  }, [error]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-6">
      <div role="alert" className="w-full max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-sm">
        <h1 className="text-2xl font-semibold text-foreground">Something went wrong</h1>
        <p className="mt-3 text-muted-foreground">We encountered an unexpected error. Please try refreshing the page.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex h-11 items-center justify-center rounded-md bg-primary px-6 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Refresh Page
        </button>
      </div>
    </main>
  );
}
