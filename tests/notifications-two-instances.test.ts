import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMailbox } from "#server/db/schema/mail.ts";
import { notificationDigests, notificationPreferences } from "#server/db/schema/notifications.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { enqueueJob } from "#server/mail/outbox.ts";
import { digestDayOf } from "~/features/notifications/digest-day";
import { NOTIFICATION_DIGEST_JOB, notify } from "~/features/notifications/notifications.server";
import { createUser } from "#tests/helpers/marketplace.ts";
import { connectToServerData } from "./helpers/db-utils";
import { startTestServer, testDbKind, type TestServer } from "./helpers/server";

/**
 * The daily digest with two server processes on one PostgreSQL (decision 049): notifications
 * written at once from many transactions make one digest row and one job for the person-day, and
 * both instances' workers racing for it (and a stray second job for the same day) send one email.
 */
const postgres = testDbKind() === "postgres";
let a: TestServer;
let b: TestServer;
let shared: Awaited<ReturnType<typeof connectToServerData>>;

beforeAll(async () => {
  if (!postgres) return;
  const env = { SESSION_SECRET: "two-instances-digest-secret-0123456789" };
  a = await startTestServer({ env });
  b = await startTestServer({ env, reuse: { databaseUrl: a.databaseUrl, dataDir: a.dataDir } });
  shared = await connectToServerData(a.databaseUrl, a.dataDir);
}, 240_000);
afterAll(async () => {
  await shared?.close();
  await b?.stop();
  await a?.dispose();
});

describe.skipIf(!postgres)("the daily digest with two instances on one PostgreSQL", () => {
  it("one digest per person per day, sent once", async () => {
    const person = await createUser(shared.db, { name: "Dee Digest" });
    await shared.db.insert(notificationPreferences).values({ userId: person.id, kind: "message", delivery: "digest" });
    const content = { heading: "You have a new message", paragraphs: ["Hello"] };
    // Twelve notifications at once, each in a transaction of its own.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        shared.db.transaction((tx) =>
          notify(tx, { userId: person.id, kind: "message", title: `Message number ${i + 1}`, link: "/account/jobs/1", email: { to: person.email, subject: "New message", content, publicUrl: a.url } }),
        ),
      ),
    );
    const day = digestDayOf(new Date());
    expect(await shared.db.select().from(notificationDigests).where(eq(notificationDigests.userId, person.id))).toHaveLength(1);
    const digestJobs = (await shared.db.select().from(outboxJobs).where(eq(outboxJobs.kind, NOTIFICATION_DIGEST_JOB))).filter((j) => (j.payload as { userId: string }).userId === person.id);
    expect(digestJobs).toHaveLength(1);

    // A stray second job for the same person-day (a retry, a replay), then the morning: both due now.
    await enqueueJob(shared.db, NOTIFICATION_DIGEST_JOB, { userId: person.id, day });
    await shared.db.update(outboxJobs).set({ runAt: new Date() }).where(and(eq(outboxJobs.kind, NOTIFICATION_DIGEST_JOB), eq(outboxJobs.status, "pending")));

    const deadline = Date.now() + 20_000;
    let sent: { subject: string; text: string }[] = [];
    while (Date.now() < deadline) {
      sent = await shared.db.select().from(devMailbox).where(eq(devMailbox.to, person.email));
      if (sent.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // Let any late duplicate land before counting.
    await new Promise((r) => setTimeout(r, 1_000));
    sent = await shared.db.select().from(devMailbox).where(eq(devMailbox.to, person.email));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain("summary");
    for (let i = 1; i <= 12; i++) expect(sent[0]!.text).toContain(`Message number ${i} `);
    const [digest] = await shared.db.select().from(notificationDigests).where(eq(notificationDigests.userId, person.id));
    expect(digest).toMatchObject({ listed: 12 });
    expect(digest!.sentAt).not.toBeNull();
  }, 60_000);
});
