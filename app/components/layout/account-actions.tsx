import { Button } from "~/components/ui/button";
import { accountLinks } from "~/content/navigation";
import { deferredHydration } from "~/lib/deferred-hydration";
import { Link, useRootData } from "~/lib/routing";
import type { SessionUser } from "~/lib/session-user";
import { cn } from "~/lib/utils";

/** The signed-in user from the root loader (server-read, so the right buttons show on first paint). */
export function useSessionUser(): SessionUser | null {
  return useRootData()?.user ?? null;
}

// A fetcher needs React Router, which the shell must not import (decision 031): only a signed-in
// visitor, whose pages all hydrate with the router, renders it.
const serverSignOutButton = import.meta.env.SSR ? (await import("./sign-out-button")).SignOutButton : null;
const SignOutButton = deferredHydration(serverSignOutButton, () => import("./sign-out-button").then((m) => m.SignOutButton));

const displayFrom = { always: "flex", sm: "hidden sm:flex", lg: "hidden lg:flex" } as const;

/** My Account + Sign Out when signed in (and Fixer dashboard for an approved fixer); Sign In + Early Access when signed out. */
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
        {user.approvedFixer ? (
          // In the bar only from xl: below 1280 px it has no room for a third button (the menu sheet,
          // My Account and the approval email lead there too).
          <div className={stacked ? "flex" : "hidden xl:flex"}>
            <Button asChild variant="outline" size={stacked ? "default" : "sm"} className={width}>
              <Link to={accountLinks.fixerDashboard.href} onClick={onNavigate}>
                {accountLinks.fixerDashboard.label}
              </Link>
            </Button>
          </div>
        ) : null}
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
