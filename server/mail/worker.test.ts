import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { devMailbox } from "#server/db/schema/mail.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { createLogger } from "#server/logger.ts";
import { outboxGauges } from "#server/jobs/outbox-gauges.ts";
import { claimDueJobs, markJobSent } from "#server/jobs/queue.ts";
import { emailJob, enqueueEmail, enqueueJob, enqueueJobs, insertWithJobs, PermanentJobError, upsertWithJobs, type EmailMessage, type JobHandler } from "./outbox.ts";
import type { MailTransport, OutgoingEmail } from "./transports.ts";
import { startOutboxWorker } from "./worker.ts";

// The worker against a real (in-memory) PGlite with a fake transport: claim, retry, fail, lease.
let database: Database;
let dataDir: string;
const logger = createLogger("silent");

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fixit-worker-"));
  database = await openDatabase({ database: { kind: "pglite", dir: null } });
}, 60_000); // PGlite's start-up and migrations are slow on a busy machine
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(outboxJobs);
  await database.db.delete(devMailbox);
});

const services = (env: Record<string, string> = {}) => ({
  config: loadConfig({ DATABASE_URL: "memory://", DATA_DIR: dataDir, MAIL_WORKER_INTERVAL_MS: "60000", ...env }),
  logger,
  db: database.db,
});

const message = (n: number, to = `user${n}@example.com`): EmailMessage => ({
  to,
  subject: `Message ${n}`,
  html: `<p>Hello ${n}</p>`,
  text: `Hello ${n}`,
});

/** Records what it sends; `fail(message)` decides per call whether to throw. */
function fakeTransport(fail: (m: OutgoingEmail, call: number) => Error | undefined = () => undefined) {
  const sent: OutgoingEmail[] = [];
  let calls = 0;
  const transport: MailTransport = {
    kind: "smtp",
    async send(m) {
      calls += 1;
      const error = fail(m, calls);
      if (error) throw error;
      sent.push(m);
    },
    close() {},
  };
  return { transport, sent, calls: () => calls };
}

const jobs = () => database.db.select().from(outboxJobs).orderBy(outboxJobs.id);
const makeDue = () => database.db.update(outboxJobs).set({ runAt: sql`now() - interval '1 second'` });

describe("the outbox worker", () => {
  it("sends queued email once, with the sender and a stable Message-ID, and marks it sent", async () => {
    for (const n of [1, 2, 3]) await enqueueEmail(database.db, message(n));
    const fake = fakeTransport();
    const worker = startOutboxWorker(services(), { transport: fake.transport, intervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    expect(fake.sent.map((m) => m.subject).sort()).toEqual(["Message 1", "Message 2", "Message 3"]);
    expect(fake.sent[0]!.from).toBe("FixiT <hello@fixit.local>");
    const rows = await jobs();
    expect(rows.every((r) => r.status === "sent" && r.completedAt && r.attempts === 1 && !r.lockedUntil)).toBe(true);
    for (const m of fake.sent) {
      const row = rows.find((r) => (r.payload as EmailMessage).subject === m.subject)!;
      expect(m.messageId).toBe(`<outbox-${row.id}@fixit.local>`);
    }
    // Nothing is sent twice.
    const again = startOutboxWorker(services(), { transport: fake.transport, intervalMs: 60_000 });
    expect(await again.runOnce()).toBe(0);
    await again.stop();
    expect(fake.sent).toHaveLength(3);
  });

  it("writes nothing when the transaction that queued the email rolls back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, message(1));
        throw new Error("the submission failed");
      }),
    ).rejects.toThrow("the submission failed");
    expect(await jobs()).toHaveLength(0);
    await database.db.transaction(async (tx) => enqueueEmail(tx, message(2)));
    expect(await jobs()).toHaveLength(1);
  });

  it("refuses to queue a malformed message", async () => {
    await expect(enqueueEmail(database.db, { ...message(1), to: "not-an-address" })).rejects.toThrow(/to/);
    await expect(enqueueEmail(database.db, { ...message(1), subject: "Hi\r\nBcc: victim@example.com" })).rejects.toThrow(/subject/);
    await expect(enqueueEmail(database.db, { ...message(1), headers: { Bcc: "x@example.com" } })).rejects.toThrow(/headers/);
    expect(await jobs()).toHaveLength(0);
  });

  it("retries a transient failure later with backoff, recording the error, then delivers", async () => {
    await enqueueEmail(database.db, message(1));
    const fake = fakeTransport((_m, call) =>
      call <= 2 ? Object.assign(new Error("451 4.3.0 try again later"), { responseCode: 451, code: "EENVELOPE" }) : undefined,
    );
    const worker = startOutboxWorker(services({ MAIL_RETRY_BASE_MS: "5000" }), { transport: fake.transport, intervalMs: 60_000 });
    let before = Date.now();
    await worker.runOnce();
    let after = Date.now();
    let [row] = await jobs();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("451") });
    // 5 s ± 20 % from the moment of failure, which lies between before and after.
    expect(row!.runAt.getTime() - before).toBeGreaterThanOrEqual(4000);
    expect(row!.runAt.getTime() - after).toBeLessThanOrEqual(6000);
    expect(await worker.runOnce()).toBe(0); // not due yet
    await makeDue();
    before = Date.now();
    await worker.runOnce();
    after = Date.now();
    [row] = await jobs();
    // Doubled: 10 s ± 20 %.
    expect(row!.runAt.getTime() - before).toBeGreaterThanOrEqual(8000);
    expect(row!.runAt.getTime() - after).toBeLessThanOrEqual(12_000);
    await makeDue();
    await worker.runOnce();
    await worker.stop();
    [row] = await jobs();
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    expect(fake.sent).toHaveLength(1);
  });

  it("fails at once on a permanent SMTP rejection, and after the last attempt on transient ones", async () => {
    await enqueueEmail(database.db, message(1, "nobody@example.com"));
    await enqueueEmail(database.db, message(2, "flaky@example.com"), { maxAttempts: 2 });
    const fake = fakeTransport((m) =>
      m.to === "nobody@example.com"
        ? new PermanentJobError("550 5.1.1 mailbox unavailable")
        : new Error("ECONNECTION: connection refused"),
    );
    const worker = startOutboxWorker(services(), { transport: fake.transport, intervalMs: 60_000 });
    await worker.runOnce();
    await makeDue();
    await worker.runOnce();
    await makeDue();
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    const [permanent, exhausted] = await jobs();
    expect(permanent).toMatchObject({ status: "failed", attempts: 1, lastError: "550 5.1.1 mailbox unavailable", completedAt: null });
    expect(exhausted).toMatchObject({ status: "failed", attempts: 2, lastError: expect.stringContaining("connection refused") });
    expect(fake.calls()).toBe(3);
  });

  it("fails a job whose stored payload is not a valid email without trying to send it", async () => {
    await enqueueJob(database.db, "email", { to: "x" });
    const fake = fakeTransport();
    const worker = startOutboxWorker(services(), { transport: fake.transport, intervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    const [row] = await jobs();
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringContaining("invalid email payload") });
    expect(fake.calls()).toBe(0);
  });

  it("takes over a job whose worker died once its lease has expired, and ignores the dead worker's late result", async () => {
    await enqueueEmail(database.db, message(1));
    // A worker claims the job and then "dies" (never reports back).
    const [claimed] = await claimDueJobs(database.db, ["email"], 60_000, 1);
    expect(claimed).toMatchObject({ status: "processing", attempts: 1 });
    const fake = fakeTransport();
    const worker = startOutboxWorker(services(), { transport: fake.transport, intervalMs: 60_000 });
    expect(await worker.runOnce()).toBe(0); // still leased
    await database.db.update(outboxJobs).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(fake.sent).toHaveLength(1);
    // The first worker's stale "sent" is fenced off by the attempt count.
    expect(await markJobSent(database.db, claimed!)).toBe(false);
    const [row] = await jobs();
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("runs the job kinds it is handed, and leaves kinds nobody handles alone", async () => {
    const seen: unknown[] = [];
    const testWebhook: JobHandler = async (payload, ctx) => {
      expect(ctx.job.kind).toBe("test-webhook");
      seen.push(payload);
    };
    await enqueueJob(database.db, "test-webhook", { url: "https://example.com/hook", body: { a: 1 } });
    await enqueueJob(database.db, "unknown-kind", { x: 1 });
    const worker = startOutboxWorker(services(), { transport: fakeTransport().transport, intervalMs: 60_000, handlers: { "test-webhook": testWebhook } });
    await worker.runOnce();
    await worker.stop();
    expect(seen).toEqual([{ url: "https://example.com/hook", body: { a: 1 } }]);
    const rows = await jobs();
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ["test-webhook", "sent"],
      ["unknown-kind", "pending"],
    ]);
  });

  it("honours runAt: a job scheduled for later is not run early", async () => {
    await enqueueJob(database.db, "email", message(1), { runAt: new Date(Date.now() + 60_000) });
    const fake = fakeTransport();
    const worker = startOutboxWorker(services(), { transport: fake.transport, intervalMs: 60_000 });
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    expect(fake.sent).toHaveLength(0);
  });

  it("stop() waits for the send in flight to finish and be recorded", async () => {
    await enqueueEmail(database.db, message(1));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const sending = new Promise<void>((r) => (started = r));
    const transport: MailTransport = {
      kind: "smtp",
      async send() {
        started();
        await gate;
      },
      close() {},
    };
    const worker = startOutboxWorker(services({ MAIL_WORKER_INTERVAL_MS: "50" }), { transport });
    await sending;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    const [row] = await jobs();
    expect(row!.status).toBe("sent");
  });

  it("deletes sent jobs once they are older than the retention, keeping failed and recent ones", async () => {
    for (const n of [1, 2, 3]) await enqueueEmail(database.db, message(n));
    const rows = await jobs();
    await database.db.update(outboxJobs).set({ status: "sent", completedAt: sql`now() - interval '8 days'` }).where(eq(outboxJobs.id, rows[0]!.id));
    await database.db.update(outboxJobs).set({ status: "failed", completedAt: null }).where(eq(outboxJobs.id, rows[1]!.id));
    await database.db.update(outboxJobs).set({ status: "sent", completedAt: sql`now() - interval '1 day'` }).where(eq(outboxJobs.id, rows[2]!.id));
    const worker = startOutboxWorker(services(), { transport: fakeTransport().transport, intervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    expect((await jobs()).map((r) => r.id)).toEqual([rows[1]!.id, rows[2]!.id]);
  });

  it("stores messages in the dev mailbox with the log transport", async () => {
    await enqueueEmail(database.db, { ...message(7), replyTo: "reply@example.com" });
    const worker = startOutboxWorker(services(), { intervalMs: 60_000 });
    expect(worker.transport).toBe("log");
    await worker.runOnce();
    await worker.stop();
    const stored = await database.db.select().from(devMailbox).where(eq(devMailbox.to, "user7@example.com"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ subject: "Message 7", text: "Hello 7", from: "FixiT <hello@fixit.local>" });
    expect(stored[0]!.headers["Reply-To"]).toBe("reply@example.com");
  });

  it("queues several jobs in one statement, each with the column defaults it did not set", async () => {
    await enqueueJobs(database.db, [emailJob(message(1)), emailJob(message(2), { maxAttempts: 2 }), { kind: "test-webhook", payload: { a: 1 } }]);
    const rows = await jobs();
    expect(rows.map((r) => [r.kind, r.status, r.maxAttempts, r.attempts])).toEqual([
      ["email", "pending", 8, 0],
      ["email", "pending", 2, 0],
      ["test-webhook", "pending", 8, 0],
    ]);
    // One bad message fails the whole call before anything is written.
    await expect(enqueueJobs(database.db, [emailJob(message(3)), { kind: "", payload: {} }])).rejects.toThrow(/kind/);
    expect(await jobs()).toHaveLength(3);
  });

  it("stores a row and queues its jobs in one statement: both or neither", async () => {
    const row = (id?: number) =>
      database.db
        .insert(devMailbox)
        .values({ ...(id ? { id } : {}), to: "row@example.com", from: "test", subject: "Row", html: "", text: "" })
        .returning({ id: devMailbox.id });
    const id = await insertWithJobs(database.db, row(), [emailJob(message(1)), { kind: "test-webhook", payload: { a: 1 } }]);
    expect((await database.db.select({ id: devMailbox.id }).from(devMailbox)).map((r) => r.id)).toEqual([id]);
    expect((await jobs()).map((r) => [r.kind, r.status, r.maxAttempts])).toEqual([
      ["email", "pending", 8],
      ["test-webhook", "pending", 8],
    ]);
    // The row's insert fails in the database (its id is taken): no job is queued either.
    await expect(insertWithJobs(database.db, row(id), [emailJob(message(2))])).rejects.toThrow();
    expect(await jobs()).toHaveLength(2);
    // A row without jobs is stored on its own.
    const second = await insertWithJobs(database.db, row(), []);
    expect(second).toBeGreaterThan(id);
    expect(await jobs()).toHaveLength(2);
  });

  it("upserts a row and queues its jobs only when the row is new, in one statement", async () => {
    const upsert = (id: number, subject: string) =>
      database.db
        .insert(devMailbox)
        .values({ id, to: "row@example.com", from: "test", subject, html: "", text: "" })
        .onConflictDoUpdate({ target: devMailbox.id, set: { subject } })
        .returning({ id: devMailbox.id, inserted: sql<boolean>`(xmax = 0)`.as("inserted") });
    const later = new Date(Date.now() + 3_600_000);
    const queued = [emailJob(message(1)), { kind: "test-webhook", payload: { a: [1, "two"] }, maxAttempts: 3, runAt: later }];
    expect(await upsertWithJobs(database.db, upsert(7001, "First"), queued)).toEqual({ id: 7001, inserted: true });
    const rows = await jobs();
    expect(rows.map((r) => [r.kind, r.status, r.maxAttempts])).toEqual([
      ["email", "pending", 8],
      ["test-webhook", "pending", 3],
    ]);
    expect(rows[0]!.payload).toEqual(message(1));
    expect(rows[1]!.payload).toEqual({ a: [1, "two"] });
    expect(rows[1]!.runAt.getTime()).toBe(later.getTime());
    // The same key again: the row is updated and nothing more is queued.
    expect(await upsertWithJobs(database.db, upsert(7001, "Second"), queued)).toEqual({ id: 7001, inserted: false });
    expect(await jobs()).toHaveLength(2);
    expect((await database.db.select({ subject: devMailbox.subject }).from(devMailbox).where(eq(devMailbox.id, 7001)))[0]).toEqual({ subject: "Second" });
    // A new key without jobs is stored on its own.
    expect(await upsertWithJobs(database.db, upsert(7002, "Alone"), [])).toEqual({ id: 7002, inserted: true });
    expect(await jobs()).toHaveLength(2);
  });

  it("claims due jobs in batches, oldest first, and sends every one", async () => {
    for (let n = 1; n <= 23; n++) await enqueueEmail(database.db, message(n));
    const fake = fakeTransport();
    const worker = startOutboxWorker(services(), { transport: fake.transport, intervalMs: 60_000 });
    expect(await worker.runOnce()).toBe(23);
    await worker.stop();
    expect(fake.sent.map((m) => m.subject)).toEqual(Array.from({ length: 23 }, (_, i) => `Message ${i + 1}`));
    expect((await jobs()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("a stopping worker hands back the claimed jobs it has not started, not counting the claim", async () => {
    for (const n of [1, 2, 3]) await enqueueEmail(database.db, message(n));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const sending = new Promise<void>((r) => (started = r));
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: "smtp",
      async send(m) {
        started();
        await gate;
        sent.push(m.subject);
      },
      close() {},
    };
    const worker = startOutboxWorker(services(), { transport, intervalMs: 60_000 });
    const run = worker.runOnce();
    await sending;
    const stopping = worker.stop();
    release();
    await stopping;
    expect(await run).toBe(1);
    expect(sent).toEqual(["Message 1"]);
    expect((await jobs()).map((r) => [r.status, r.attempts, r.lockedUntil])).toEqual([
      ["sent", 1, null],
      ["pending", 0, null],
      ["pending", 0, null],
    ]);
  });

  it("skips a claimed job whose lease another worker took while it waited its turn", async () => {
    for (const n of [1, 2]) await enqueueEmail(database.db, message(n));
    const [first, second] = await jobs();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: "smtp",
      async send(m) {
        if (m.subject === "Message 1") {
          // While the first send is slow, another instance claims the second job (its lease had run out).
          await database.db.update(outboxJobs).set({ attempts: 2 }).where(eq(outboxJobs.id, second!.id));
          await gate;
        }
        sent.push(m.subject);
      },
      close() {},
    };
    // A 600 ms lease is renewed every 200 ms: the renewal finds the second job gone.
    const worker = startOutboxWorker(services(), { transport, intervalMs: 60_000, leaseMs: 600 });
    const run = worker.runOnce();
    await new Promise((r) => setTimeout(r, 500));
    release();
    expect(await run).toBe(1);
    await worker.stop();
    expect(sent).toEqual(["Message 1"]);
    const rows = await jobs();
    expect(rows.find((r) => r.id === first!.id)).toMatchObject({ status: "sent", attempts: 1 });
    // Left to the worker that holds it now.
    expect(rows.find((r) => r.id === second!.id)).toMatchObject({ status: "processing", attempts: 2 });
  });
});

describe("the outbox's metrics", () => {
  const figures = async () => {
    const read = await outboxGauges(database.db, ["email", "webhook"]).read();
    const byKind = (samples: { labels?: Record<string, string>; value: number }[]) => Object.fromEntries(samples.map((s) => [s.labels!.kind, s.value]));
    return { pending: byKind(read.fixit_outbox_pending_jobs), oldest: byKind(read.fixit_outbox_oldest_due_job_age_seconds), failed: byKind(read.fixit_outbox_failed_jobs) };
  };

  it("reports every kind the worker runs at 0 on an empty outbox", async () => {
    expect(await figures()).toEqual({ pending: { email: 0, webhook: 0 }, oldest: { email: 0, webhook: 0 }, failed: { email: 0, webhook: 0 } });
  });

  it("counts pending jobs per kind, ages only the due ones, and counts dead jobs apart", async () => {
    await enqueueJob(database.db, "email", message(1), { maxAttempts: 1 });
    await enqueueJob(database.db, "email", message(2), { runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(database.db, "other-kind", { x: 1 });
    await database.db.update(outboxJobs).set({ runAt: sql`now() - interval '90 seconds'` }).where(sql`${outboxJobs.payload}->>'subject' = 'Message 1'`);
    const now = await figures();
    expect(now.pending).toEqual({ email: 2, webhook: 0, "other-kind": 1 });
    // The job due 90 s ago, not the one scheduled an hour ahead.
    expect(now.oldest.email).toBeGreaterThanOrEqual(90);
    expect(now.oldest.email).toBeLessThan(120);
    expect(now.failed).toEqual({ email: 0, webhook: 0, "other-kind": 0 });

    const runs: [string, boolean][] = [];
    const worker = startOutboxWorker(services(), {
      transport: fakeTransport(() => new Error("mailbox full")).transport,
      intervalMs: 60_000,
      onJobRun: (kind, failed) => runs.push([kind, failed]),
    });
    await worker.runOnce();
    await worker.stop();
    expect(runs).toEqual([["email", true]]);
    const after = await figures();
    expect(after.pending.email).toBe(1);
    expect(after.oldest.email).toBe(0);
    expect(after.failed.email).toBe(1);
  });

  it("tells onJobRun of a run that succeeded", async () => {
    await enqueueEmail(database.db, message(1));
    const runs: [string, boolean][] = [];
    const worker = startOutboxWorker(services(), { transport: fakeTransport().transport, intervalMs: 60_000, onJobRun: (kind, failed) => runs.push([kind, failed]) });
    await worker.runOnce();
    await worker.stop();
    expect(runs).toEqual([["email", false]]);
    expect((await figures()).pending.email).toBe(0);
  });
});
