import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notificationPreferences, notifications, pushSubscriptions } from "#server/db/schema/notifications.ts";

/** What My Account's data export holds of notifications (decision 089: notifications owns its tables). */
export async function exportNotifications(db: Db, userId: string) {
  const [listed, preferences] = await Promise.all([
    db
      .select({ kind: notifications.kind, title: notifications.title, link: notifications.link, readAt: notifications.readAt, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id),
    db.select({ kind: notificationPreferences.kind, email: notificationPreferences.delivery, push: notificationPreferences.push }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
  ]);
  // The devices subscribed to push: names and dates. Their endpoints and keys are left out: they are credentials of the browser's push channel.
  const devices = await db.select({ name: pushSubscriptions.deviceName, createdAt: pushSubscriptions.createdAt, lastSuccessAt: pushSubscriptions.lastSuccessAt }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);
  return { listed, emailPreferences: preferences, pushDevices: devices };
}
