import { MessageSquare } from "lucide-react";
import { NotificationsBell } from "~/components/layout/notifications-bell";
import { Link } from "~/lib/routing";
import { cn } from "~/lib/utils";
import { liveCopy } from "./live-copy";
import { useHeaderCounts } from "./use-live";

/** The Messages button and the notifications bell (messages-badge.tsx decides whether there are any), both counted by the tab's one stream. */
export function MessagesBadgeButton({
  className,
  fromPage,
  href,
}: {
  className?: string;
  /** The counts the page was rendered with. */
  fromPage: { messages: number; notifications: number };
  /** Where the person's threads are. */
  href: string;
}) {
  const { messages: count, notifications } = useHeaderCounts(fromPage);
  return (
    // Grows to push itself to the right of the bar below lg (where the navigation is hidden).
    <div className="flex flex-1 items-center justify-end lg:ml-2 lg:flex-none">
      <Link
        to={href}
        aria-label={liveCopy.badgeLabel(count)}
        data-testid="messages-badge"
        className={cn(
          "relative inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground",
          className,
        )}
      >
        <MessageSquare aria-hidden="true" className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="messages-badge-count"
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-[11px] leading-5 font-semibold text-primary-foreground"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </Link>
      <NotificationsBell count={notifications} className="lg:ml-2" />
    </div>
  );
}
