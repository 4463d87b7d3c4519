import { useEffect } from "react";
import { Link, useLocation, useRouteError } from "~/lib/routing";

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

/**
 * A request the app refused with a reason for the person (a 4xx answer whose data is its message,
 * e.g. a paged list's link whose cursor is no page of it, decision 068): the reason itself, not
 * "Something went wrong … refresh", which would only refuse again. A 400 offers the page without
 * its query (a list's first page).
 */
export function RefusedPanel({ status, message }: { status: number; message: string }) {
  const location = useLocation();
  return (
    <main className="flex min-h-[70dvh] items-center justify-center p-6">
      <div role="alert" className="w-full max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-sm">
        <h1 className="text-2xl font-semibold text-foreground">{status === 400 ? "That link doesn't work" : "This page can't be shown"}</h1>
        <p className="mt-3 text-muted-foreground">{message}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-3">
          {status === 400 ? (
            <Link to={location.pathname} className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
              Open the first page
            </Link>
          ) : null}
          <Link to="/" className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
            Back to the home page
          </Link>
        </div>
      </div>
    </main>
  );
}
