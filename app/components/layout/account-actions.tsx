import { Form, Link, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { accountLinks } from "~/content/navigation";
import type { SessionUser } from "~/features/auth/session-user";
import { cn } from "~/lib/utils";

/** The signed-in user from the root loader (server-read, so the right buttons show on first paint). */
export function useSessionUser(): SessionUser | null {
  const data = useRouteLoaderData("root") as { user: SessionUser | null } | undefined;
  return data?.user ?? null;
}

/** My Account + Sign Out when signed in; Sign In + Early Access when signed out. */
export function AccountActions({ className, stacked = false, onNavigate }: { className?: string; stacked?: boolean; onNavigate?: () => void }) {
  const user = useSessionUser();
  const width = stacked ? "w-full" : undefined;
  if (user) {
    return (
      <div className={cn("flex gap-2", stacked && "flex-col", className)}>
        <Button asChild variant="outline" size={stacked ? "default" : "sm"} className={width}>
          <Link to={accountLinks.myAccount.href} onClick={onNavigate}>
            {accountLinks.myAccount.label}
          </Link>
        </Button>
        <Form method="post" action={accountLinks.signOutAction} className={width}>
          <Button type="submit" variant="ghost" size={stacked ? "default" : "sm"} className={width}>
            Sign Out
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <div className={cn("flex gap-2", stacked && "flex-col", className)}>
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
