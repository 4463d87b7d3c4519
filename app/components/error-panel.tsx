import { useEffect } from "react";
import { useRouteError } from "~/lib/routing";

const actionClass =
  "mt-6 inline-flex h-11 items-center justify-center rounded-md bg-primary px-6 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * The fallback for an unexpected failure. Routes may render their own fallback instead;
 * this one is the default for the whole site. Given a `refusal` (a 400 whose data is its reason,
 * e.g. a paged list's link whose cursor is no page of it, decision 068) it says that reason instead
 * of "Something went wrong … refresh", which would only refuse again, and links to the page without
 * its query (a list's first page). One component, few bytes: it ships in every page's first script.
 */
export function ErrorPanel({ refusal }: { refusal?: string }) {
  const error = useRouteError();
  useEffect(() => {
    if (error && !refusal) console.error("Unexpected error:", error);
  }, [error, refusal]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-6">
      <div role="alert" className="w-full max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-sm">
        <h1 className="text-2xl font-semibold text-foreground">{refusal ? "That link doesn't work" : "Something went wrong"}</h1>
        <p className="mt-3 text-muted-foreground">{refusal ?? "We encountered an unexpected error. Please try refreshing the page."}</p>
        {refusal ? (
          <a href="?" className={actionClass}>
            Open the first page
          </a>
        ) : (
          <button type="button" onClick={() => window.location.reload()} className={actionClass}>
            Refresh Page
          </button>
        )}
      </div>
    </main>
  );
}
