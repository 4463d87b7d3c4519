import { useEffect } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { accountLinks } from "~/content/navigation";
import type { SessionUser } from "~/lib/session-user";
import { cn } from "~/lib/utils";

/** The signed-in user from the root loader (server-read, so the right buttons show on first paint). */
export function useSessionUser(): SessionUser | null {
  const data = useRouteLoaderData("root") as { user: SessionUser | null } | undefined;
  return data?.user ?? null;
}

/**
 * Sign Out as a fetcher: success follows the server's redirect to /; a failure stays on the page with
 * the 'Sign Out Failed' toast. Without JavaScript it is a plain form post.
 */
function SignOutButton({ size, className }: { size: "default" | "sm"; className?: string }) {
  const fetcher = useFetcher<{ ok: false; title: string; text: string }>();
  useEffect(() => {
    const failure = fetcher.state === "idle" ? fetcher.data : undefined;
    // The toast module (sonner) loads only when needed: the header is on every page's first load.
    if (failure && failure.ok === false) void import("~/components/ui/toast").then(({ toast }) => toast.error(failure.title, failure.text));
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action={accountLinks.signOutAction} className={className}>
      <Button type="submit" variant="ghost" size={size} className={className} loading={fetcher.state !== "idle"}>
        Sign Out
      </Button>
    </fetcher.Form>
  );
}

const displayFrom = { always: "flex", sm: "hidden sm:flex", lg: "hidden lg:flex" } as const;

/** My Account + Sign Out when signed in; Sign In + Early Access when signed out. */
export function AccountActions({
  className,
  stacked = false,
  showFrom = "always",
  onNavigate,
}: {
  /** Spacing only (margins); the display is `showFrom`'s. */
  className?: string;
  stacked?: boolean;
  /** The breakpoint from which the buttons show; hidden below it. */
  showFrom?: keyof typeof displayFrom;
  onNavigate?: () => void;
}) {
  const user = useSessionUser();
  const width = stacked ? "w-full" : undefined;
  const layout = cn(displayFrom[showFrom], "gap-2", stacked && "flex-col", className);
  if (user) {
    return (
      <div className={layout}>
        <Button asChild variant="outline" size={stacked ? "default" : "sm"} className={width}>
          <Link to={accountLinks.myAccount.href} onClick={onNavigate}>
            {accountLinks.myAccount.label}
          </Link>
        </Button>
        <SignOutButton size={stacked ? "default" : "sm"} className={width} />
      </div>
    );
  }
  return (
    <div className={layout}>
      <Button asChild variant="outline" size={stacked ? "default" : "sm"} className={width}>
        <Link to={accountLinks.signIn.href} onClick={onNavigate}>
          {accountLinks.signIn.label}
        </Link>
      </Button>
      <Button asChild size={stacked ? "default" : "sm"} className={width}>
        <Link to={accountLinks.earlyAccess.href} onClick={onNavigate}>
          {accountLinks.earlyAccess.label}
        </Link>
      </Button>
    </div>
  );
}
