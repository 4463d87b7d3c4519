import { Bell } from "lucide-react";
import { Link, useRootData } from "~/lib/routing";
import { cn } from "~/lib/utils";

/** The list at app/features/notifications (components sit below features: the path is repeated here, in this lazily loaded chunk). */
const NOTIFICATIONS_PATH = "/account/notifications";

/**
 * The header's notifications link for a signed-in visitor, with the unread count the root loader
 * read (server-rendered: it shows on first paint and without JavaScript). Nothing for a visitor.
 */
export function NotificationsBell({ className }: { className?: string }) {
  const root = useRootData();
  if (!root?.user) return null;
  const unread = root.unreadNotifications ?? 0;
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread > 99 ? "over 99" : unread} unread`;
  return (
    <Link
      to={NOTIFICATIONS_PATH}
      aria-label={label}
      title={label}
      className={cn("relative inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground", className)}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span aria-hidden="true" data-testid="notifications-unread" className="absolute top-1 right-1 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-primary-foreground">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
