import { MessageSquare } from "lucide-react";
import { Link, useRootData } from "~/lib/routing";
import { cn } from "~/lib/utils";
import { quotePaths } from "~/features/quotes/paths";
import { liveCopy } from "./live-copy";
import { useUnreadMessages } from "./use-live";

/**
 * The header's Messages button for a signed-in person, with the number of thread messages to them
 * they have not read (as Upwork shows it; the notifications bell sits beside it). The count comes
 * with the page and then from the tab's live stream. Links to where their threads are: the fixer
 * dashboard for an approved fixer, My jobs for a customer.
 */
export function MessagesBadge({ className }: { className?: string }) {
  const rootData = useRootData();
  const user = rootData?.user;
  if (!user) return null;
  return <SignedInBadge className={className} fromPage={rootData.unreadMessages ?? 0} href={user.approvedFixer ? quotePaths.fixerDashboard : quotePaths.customerJobs} />;
}

function SignedInBadge({ className, fromPage, href }: { className?: string; fromPage: number; href: string }) {
  const count = useUnreadMessages(fromPage);
  return (
    <Link
      to={href}
      aria-label={liveCopy.badgeLabel(count)}
      data-testid="messages-badge"
      className={cn("relative inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground", className)}
    >
      <MessageSquare aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span aria-hidden="true" data-testid="messages-badge-count" className="absolute top-1 right-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-[11px] leading-5 font-semibold text-primary-foreground">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
