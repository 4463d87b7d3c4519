import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { notificationsCopy } from "~/features/notifications/copy";
import { notificationPaths } from "~/features/notifications/kinds";
import type { NotificationItem } from "~/features/notifications/notifications.server";

const when = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

/** The list: each notification opens (and is marked read) through its own button's POST; plain forms mark them read without JavaScript. */
export function NotificationsList({ items, message }: { items: NotificationItem[]; message: string | null }) {
  const unread = items.filter((item) => !item.read).length;
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {message ?? ""}
      </p>
      {unread > 0 ? (
        <Form method="post" className="self-start">
          <input type="hidden" name="intent" value="read-all" />
          <Button type="submit" variant="outline" size="sm">
            {notificationsCopy.markAllRead}
          </Button>
        </Form>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center">{notificationsCopy.empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id} className={`flex flex-col gap-2 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between ${item.read ? "border-border" : "border-primary/50"}`}>
              <div className="flex min-w-0 flex-col gap-1">
                {/* Opening reads it: a POST, never a link's GET (decision 090); the answer goes where it points. */}
                <Form method="post" action={notificationPaths.open(item.id)} reloadDocument>
                  <button type="submit" className={`cursor-pointer text-left break-words text-primary hover:underline ${item.read ? "" : "font-semibold"}`}>
                    {item.title}
                  </button>
                </Form>
                <span className="flex items-center gap-2 text-sm text-muted-foreground">
                  <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
                  {item.read ? null : <Badge>{notificationsCopy.unread}</Badge>}
                </span>
              </div>
              {item.read ? null : (
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="intent" value="read" />
                  <input type="hidden" name="id" value={item.id} />
                  <Button type="submit" variant="ghost" size="sm">
                    {notificationsCopy.markRead}
                    <span className="sr-only">: {item.title}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
