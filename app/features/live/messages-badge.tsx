import { deferredHydration } from "~/lib/deferred-hydration";
import { useRootData } from "~/lib/routing";

// Only a signed-in person's page has the button: its code (and the live client) is a chunk of its
// own, so a signed-out page's JavaScript does not grow (the pattern of the header's Sign Out).
const serverBadge = import.meta.env.SSR ? (await import("./messages-badge-button")).MessagesBadgeButton : null;
const MessagesBadgeButton = deferredHydration(serverBadge, () => import("./messages-badge-button").then((m) => m.MessagesBadgeButton));

/**
 * The header's Messages button for a signed-in person, with the number of thread messages to them
 * they have not read (as Upwork shows it), and the notifications bell beside it with its unread
 * count. Both counts come with the page and then from the tab's one live stream (decision 056). Links to where their threads are (`threadsHref`,
 * from the root loader, as live sits below the quotes feature): the fixer dashboard for an approved
 * fixer, My jobs for a customer.
 */
export function MessagesBadge({ className }: { className?: string }) {
  const rootData = useRootData();
  const user = rootData?.user;
  if (!user) return null;
  return <MessagesBadgeButton className={className} fromPage={{ messages: rootData.unreadMessages ?? 0, notifications: rootData.unreadNotifications ?? 0 }} href={rootData.threadsHref ?? "/account"} />;
}
