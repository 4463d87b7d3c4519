import { data } from "react-router";
import type { Route } from "./+types/_site.account_.notifications_.settings";
import { AccountSubpage, Section } from "~/features/account/account-sections";
import { requireUser } from "~/features/auth/guard.server";
import { EmailPreferencesForm } from "~/features/notifications/components/email-preferences-form";
import { NotifyThisDevice, PushDeviceList } from "~/features/notifications/components/push-devices";
import { notificationsCopy } from "~/features/notifications/copy";
import { kindsFor, notificationPaths } from "~/features/notifications/kinds";
import { loadNotificationSettings } from "~/features/notifications/notifications.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta({ title: notificationsCopy.settings.title, description: notificationsCopy.settings.intro, path: notificationPaths.settings, noindex: true });

/**
 * The kinds this person is offered (fixers' own kinds for approved fixers), what they chose for each
 * by email and by push, and their devices; with the VAPID public key a new device subscribes with.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { chosen, push, devices } = await loadNotificationSettings(context.services.db, user.id);
  const pushKey = context.services.config.webPush?.publicKey ?? null;
  return data({ kinds: kindsFor(user.approvedFixer), chosen, push, devices, pushKey }, { headers: { "cache-control": "private, no-store" } });
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function NotificationSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AccountSubpage title={notificationsCopy.settings.title} intro={notificationsCopy.settings.intro}>
      <Section id="push-devices" title={notificationsCopy.devices.title} description={notificationsCopy.devices.intro}>
        <NotifyThisDevice publicKey={loaderData.pushKey} />
        <PushDeviceList devices={loaderData.devices} />
      </Section>
      <Section id="email-preferences" title={notificationsCopy.preferences.title} description={notificationsCopy.preferences.description}>
        <EmailPreferencesForm kinds={loaderData.kinds} chosen={loaderData.chosen} push={loaderData.push} />
      </Section>
    </AccountSubpage>
  );
}
