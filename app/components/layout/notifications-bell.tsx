import { Bell } from "lucide-react";
import { Link } from "~/lib/routing";
import { cn } from "~/lib/utils";

/** The list at app/features/notifications (components sit below features: the path is repeated here). */
const NOTIFICATIONS_PATH = "/account/notifications";

/**
 * The header's notifications link with its unread count: server-rendered from the root loader's
 * count (it shows on first paint and without JavaScript), then kept current by the live stream
 * (the live feature's header buttons render it beside Messages and pass the count).
 */
export function NotificationsBell({ count, className }: { count: number; className?: string }) {
  const label = count === 0 ? "Notifications" : `Notifications, ${count > 99 ? "over 99" : count} unread`;
  return (
    <Link
      to={NOTIFICATIONS_PATH}
      aria-label={label}
      title={label}
      className={cn("relative inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground", className)}
    >
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span aria-hidden="true" data-testid="notifications-unread" className="absolute top-1 right-1 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-primary-foreground">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
