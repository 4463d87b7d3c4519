import { ChevronDown, Menu } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { SkipLink } from "~/components/layout/skip-link";
import { Button } from "~/components/ui/button";
import { accountLinks } from "~/content/navigation";
import { cn } from "~/lib/utils";
import { navFor, type StaffNavGroup } from "~/features/staff/nav";
import { StatusBadge } from "./status-badge";
import { FlashStatus } from "~/components/ui/flash-status";

type ShellUser = { name: string; email: string; role: "staff" | "admin" };

/** The console's frame: a top bar, the sidebar from lg up, a disclosure menu below it (works without JavaScript). */
export function StaffShell({ user, failedJobs, children }: { user: ShellUser; failedJobs: number; children: ReactNode }) {
  const groups = navFor(user.role);
  const location = useLocation();
  return (
    <div className="min-h-dvh bg-muted/50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-border bg-background">
        <div className="flex h-14 items-center gap-2 px-3 sm:px-5">
          <Link to="/staff" className="inline-flex min-h-11 items-center gap-2 rounded-md font-extrabold tracking-tight">
            <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-sm text-primary-foreground">
              F
            </span>
            <span className="text-lg">
              FixiT <span className="font-semibold text-muted-foreground">Staff</span>
            </span>
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <span className="hidden max-w-56 truncate text-sm text-muted-foreground md:inline" title={user.email}>
              {user.email}
            </span>
            {/* Wrapped: the components set their own display, which a class added here must not fight (decision 007). */}
            <span className="hidden sm:inline-flex">
              <StatusBadge status={user.role} />
            </span>
            <span className="hidden sm:inline-flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/">View site</Link>
              </Button>
            </span>
            <Form method="post" action={accountLinks.signOutAction}>
              <Button type="submit" variant="outline" size="sm">
                Sign out
              </Button>
            </Form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-[96rem]">
        <aside className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto border-r border-border bg-background p-3 lg:block">
          <StaffNav groups={groups} failedJobs={failedJobs} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-3 py-4 outline-none sm:px-6 sm:py-6 lg:px-8">
          {/* Keyed by location: the menu closes whenever the page changes. */}
          <details key={location.key} className="group mb-4 rounded-lg border border-border bg-background lg:hidden">
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 font-medium [&::-webkit-details-marker]:hidden">
              <Menu aria-hidden="true" className="size-5" />
              Console menu
              <ChevronDown aria-hidden="true" className="ml-auto size-4 transition-transform group-open:rotate-180" />
            </summary>
            <div className="border-t border-border p-2">
              <StaffNav groups={groups} failedJobs={failedJobs} />
            </div>
          </details>
          <FlashStatus className="mb-4" />
          {children}
        </main>
      </div>
    </div>
  );
}

function StaffNav({ groups, failedJobs }: { groups: StaffNavGroup[]; failedJobs: number }) {
  return (
    <nav aria-label="Staff console">
      <ul className="flex flex-col gap-3">
        {groups.map((group) => (
          <li key={group.label}>
            <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.label}</p>
            <ul className="flex flex-col">
              {group.items.map((item) => (
                <li key={item.href}>
                  <NavLink
                    to={item.href}
                    end={item.href === "/staff"}
                    className={({ isActive }) =>
                      cn(
                        "flex min-h-10 items-center gap-2 rounded-md px-2 text-sm font-medium",
                        isActive ? "bg-secondary text-primary" : "text-foreground hover:bg-muted",
                      )
                    }
                  >
                    {item.label}
                    {item.href === "/staff/outbox" && failedJobs > 0 ? (
                      <span className="ml-auto rounded-full bg-destructive px-2 py-0.5 text-xs font-semibold text-destructive-foreground">
                        {failedJobs}
                        <span className="sr-only"> failed</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
