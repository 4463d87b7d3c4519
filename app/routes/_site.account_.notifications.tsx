import { data, Link } from "react-router";
import type { Route } from "./+types/_site.account_.notifications";
import { requireUser } from "~/features/auth/guard.server";
import { NotificationsList } from "~/features/notifications/components/notifications-list";
import { NotifyThisDevice, PushDeviceList } from "~/features/notifications/components/push-devices";
import { notificationsCopy } from "~/features/notifications/copy";
import { notificationPaths } from "~/features/notifications/kinds";
import { loadNotificationsPage } from "~/features/notifications/notifications.server";
import { notificationsAction } from "~/features/notifications/pages.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta({ title: notificationsCopy.title, description: notificationsCopy.intro, path: notificationPaths.list, noindex: true });

/** Customers and fixers alike: the signed-in person's own notifications only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { items, devices } = await loadNotificationsPage(context.services.db, user.id);
  // The VAPID public key: what the browser's push service checks each push's signature against.
  const pushKey = context.services.config.webPush?.publicKey ?? null;
  return data({ items, devices, pushKey }, { headers: { "cache-control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return notificationsAction(request, context, user);
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/account" className="text-primary hover:underline">
          My Account
        </Link>
      </nav>
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{notificationsCopy.title}</h1>
        <p className="text-muted-foreground">{notificationsCopy.intro}</p>
        <Link to={notificationPaths.preferencesSection} className="self-start text-sm text-primary hover:underline">
          {notificationsCopy.emailChoicesLink}
        </Link>
      </div>
      <section aria-labelledby="push-devices-title" className="flex flex-col gap-4 rounded-xl border border-border p-4 sm:p-6">
        <div className="flex flex-col gap-1">
          <h2 id="push-devices-title" className="text-xl font-semibold">
            {notificationsCopy.devices.title}
          </h2>
          <p className="text-sm text-muted-foreground">{notificationsCopy.devices.intro}</p>
        </div>
        <NotifyThisDevice publicKey={loaderData.pushKey} />
        <PushDeviceList devices={loaderData.devices} />
      </section>
      <NotificationsList items={loaderData.items} message={actionData?.message ?? null} />
    </div>
  );
}
