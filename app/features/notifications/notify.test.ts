import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema/notifications.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import type { Config } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import type { JobServices } from "#server/services.ts";
import { clearOutbox, createUser, databaseKinds, openTestDatabase, testPublicUrl } from "#tests/helpers/marketplace.ts";
import { sendNotificationEmail } from "./jobs.server";
import { NOTIFICATION_DIGEST_JOB, NOTIFICATION_EMAIL_JOB, notify, savePreferences, type NewNotification } from "./notifications.server";

/**
 * notify() writes the notification with the delivery its person chose (read by the insert), and the
 * notification's email job sends it unless they turned the kind off since (read by its update).
 */
describe.each(databaseKinds)("notify and the notification email (%s)", (kind) => {
  let deps: Awaited<ReturnType<typeof openTestDatabase>>["deps"];
  let close: () => Promise<void>;
  let services: JobServices;

  beforeAll(async () => {
    ({ deps, close } = await openTestDatabase(kind));
    services = { db: deps.db, logger: createLogger("silent"), config: { sessionSecret: "s".repeat(48), publicUrl: testPublicUrl } as Config };
  }, 60_000);
  afterAll(async () => close?.());

  const notice = (userId: string, email: string, required = false): NewNotification => ({
    userId,
    kind: "message",
    title: "Pat sent you a message",
    link: "/account/jobs/1",
    email: { to: email, subject: "New message", content: { heading: "New message", paragraphs: ["Hello"] }, publicUrl: testPublicUrl, required },
  });
  const jobs = async () => (await deps.db.select({ kind: outboxJobs.kind, payload: outboxJobs.payload }).from(outboxJobs).orderBy(outboxJobs.id)).map((j) => ({ kind: j.kind, payload: j.payload as Record<string, unknown> }));
  const rowsOf = (userId: string) => deps.db.select({ delivery: notifications.delivery, digestDay: notifications.digestDay }).from(notifications).where(eq(notifications.userId, userId));

  it("writes each person's choice: instant without one, digest with its day, off, and none without an email", async () => {
    const [instant, digest, off] = [await createUser(deps.db), await createUser(deps.db), await createUser(deps.db)];
    await savePreferences(deps.db, digest.id, ["message"], { message: "digest" });
    await savePreferences(deps.db, off.id, ["message"], { message: "off" });
    await clearOutbox(deps.db);
    const now = new Date("2026-03-10T15:00:00Z");
    await deps.db.transaction((tx) => notify(tx, notice(instant.id, instant.email), now));
    await deps.db.transaction((tx) => notify(tx, notice(digest.id, digest.email), now));
    await deps.db.transaction((tx) => notify(tx, notice(off.id, off.email), now));
    await deps.db.transaction((tx) => notify(tx, { ...notice(off.id, off.email), email: undefined }, now));
    expect(await rowsOf(instant.id)).toEqual([{ delivery: "instant", digestDay: null }]);
    expect(await rowsOf(digest.id)).toEqual([{ delivery: "digest", digestDay: "2026-03-10" }]);
    expect(await rowsOf(off.id)).toEqual([
      { delivery: "off", digestDay: null },
      { delivery: "none", digestDay: null },
    ]);
    // A required email goes at once whatever the choice.
    await deps.db.transaction((tx) => notify(tx, notice(off.id, off.email, true), now));
    expect((await rowsOf(off.id)).at(-1)).toEqual({ delivery: "instant", digestDay: null });
    expect((await jobs()).map((j) => [j.kind, j.payload.to ?? j.payload.userId])).toEqual([
      [NOTIFICATION_EMAIL_JOB, instant.email],
      [NOTIFICATION_DIGEST_JOB, digest.id],
      [NOTIFICATION_EMAIL_JOB, off.email],
    ]);
  });

  it("sends the email with its unsubscribe headers, not when the kind was turned off since, and a required one anyway", async () => {
    const person = await createUser(deps.db);
    await clearOutbox(deps.db);
    await deps.db.transaction((tx) => notify(tx, notice(person.id, person.email)));
    await deps.db.transaction((tx) => notify(tx, notice(person.id, person.email)));
    await deps.db.transaction((tx) => notify(tx, notice(person.id, person.email, true)));
    const [first, second, required] = (await jobs()).map((j) => j.payload);
    await clearOutbox(deps.db);

    await sendNotificationEmail(services, first);
    const [sent] = await jobs();
    expect(sent).toMatchObject({ kind: "email", payload: { to: person.email, subject: "New message" } });
    expect((sent!.payload.headers as Record<string, string>)["List-Unsubscribe"]).toContain(`${testPublicUrl}/unsubscribe/one-click?token=`);
    // Once only.
    await sendNotificationEmail(services, first);
    expect(await jobs()).toHaveLength(1);

    await savePreferences(deps.db, person.id, ["message"], { message: "off" });
    await sendNotificationEmail(services, second);
    expect(await jobs()).toHaveLength(1);
    await sendNotificationEmail(services, required);
    expect((await jobs()).at(-1)).toMatchObject({ kind: "email", payload: { to: person.email } });
    expect((await jobs()).at(-1)!.payload.headers).toBeUndefined();
  });
});
