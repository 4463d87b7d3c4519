import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { outboxJobs, type OutboxJob } from "#server/db/schema/outbox.ts";
import { enqueueEmail, enqueueJob } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import { copyMigratedPgliteFolder } from "./helpers/pglite-folder-template";
import { createTestDatabase, dropTestDatabase, startTestServer, testDbKind, type TestServer } from "./helpers/server";

/**
 * Mail end to end: the real server (production build, its own database) delivering to a real
 * SMTP server started here. Mail is queued straight into the database before the server starts
 * (PGlite allows one process at a time), as a submission would have queued it.
 */

type Received = { to: string; subject: string; messageId: string; raw: string; body: string };
type Behaviour = "accept" | "transient" | "reject" | "stall";

/** A real SMTP server whose answer per recipient the test decides. */
async function startSmtpServer(decide: (to: string, attemptForRecipient: number) => Behaviour) {
  const received: Received[] = [];
  const stalled: string[] = [];
  const tries = new Map<string, number>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const to = address.address.toLowerCase();
      const attempt = (tries.get(to) ?? 0) + 1;
      tries.set(to, attempt);
      const behaviour = decide(to, attempt);
      if (behaviour === "transient") return callback(Object.assign(new Error("4.3.0 Mailbox busy, try again later"), { responseCode: 451 }));
      if (behaviour === "reject") return callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(",");
        if (decide(to, tries.get(to) ?? 1) === "stall") {
          // Never answer: the message is mid-send until the sender gives up or dies.
          stalled.push(to);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({ to, raw, ...parseMessage(raw) });
        callback(null, "Queued");
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stalled,
    tries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for our own messages: headers, and bodies with quoted-printable soft breaks undone. */
function parseMessage(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
  const body = rest
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { subject: header("Subject"), messageId: header("Message-ID"), body };
}

/** A database and data folder for one test, reachable from this process while no server holds it. */
async function testStore() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fixit-mail-"));
  // PGlite on disk in the data folder (DATABASE_URL ""), or a fresh PostgreSQL database.
  const databaseUrl = testDbKind() === "postgres" ? await createTestDatabase() : "";
  if (databaseUrl === "") await copyMigratedPgliteFolder(path.join(dataDir, "pglite"));
  const config = {
    database:
      databaseUrl === ""
        ? ({ kind: "pglite", dir: path.join(dataDir, "pglite") } as const)
        : ({ kind: "postgres", url: databaseUrl } as const),
  };
  return {
    dataDir,
    databaseUrl,
    /** Opens the database in this process, runs `fn`, and closes it (releasing PGlite's lock). */
    async use<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
      const database = await openDatabase(config);
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      await dropTestDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const email = (to: string, n: number) => {
  const { html, text } = renderEmail({
    heading: `Hello number ${n}`,
    paragraphs: [`Token-${n}-abc is in this message.`],
    action: { label: "Open FixiT", url: `https://fixit.example/check/${n}` },
  });
  return { to, subject: `Outbox test ${n}`, html, text };
};

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await Promise.resolve().then(cleanups.pop()!).catch(() => {});
});

const byId = (rows: OutboxJob[]) => rows.sort((a, b) => a.id - b.id);

describe("outbox over SMTP", () => {
  it("delivers queued mail with its content, retries 4xx answers, and fails 5xx rejections and exhausted jobs for good", async () => {
    const store = await testStore();
    cleanups.push(() => store.dispose());
    await store.use(async (db) => {
      for (const n of [1, 2, 3]) await enqueueEmail(db, email(`good${n}@example.com`, n));
      await enqueueEmail(db, email("flaky@example.com", 4)); // 451 twice, then accepted
      await enqueueEmail(db, email("nobody@example.com", 5)); // 550: permanent
      await enqueueEmail(db, email("busy@example.com", 6), { maxAttempts: 2 }); // always 451
    });
    const smtp = await startSmtpServer((to, attempt) =>
      to === "nobody@example.com" ? "reject" : to === "busy@example.com" ? "transient" : to === "flaky@example.com" && attempt <= 2 ? "transient" : "accept",
    );
    cleanups.push(() => smtp.close());

    const server = await startTestServer({
      reuse: { databaseUrl: store.databaseUrl, dataDir: store.dataDir },
      env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200", OUTBOX_LEASE_MS: "2000" },
    });
    cleanups.push(() => server.stop());
    await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBe(4);
    await expect.poll(() => server.logs().match(/outbox job failed permanently/g)?.length ?? 0, { timeout: 60_000 }).toBe(2);
    expect(await server.stop("SIGTERM")).toBe(0);

    // Delivered with the content that was queued.
    expect(smtp.received.map((m) => m.to).sort()).toEqual(["flaky@example.com", "good1@example.com", "good2@example.com", "good3@example.com"]);
    const first = smtp.received.find((m) => m.to === "good1@example.com")!;
    expect(first.subject).toBe("Outbox test 1");
    expect(first.raw).toMatch(/^From: FixiT <hello@fixit\.local>/m);
    expect(first.raw).toContain("multipart/alternative");
    expect(first.body).toContain("Token-1-abc is in this message.");
    expect(first.body).toContain('href="https://fixit.example/check/1"');
    expect(first.body).toContain("Open FixiT: https://fixit.example/check/1");
    expect(first.messageId).toMatch(/^<outbox-\d+@fixit\.local>$/);

    const rows = byId(await store.use((db) => db.select().from(outboxJobs)));
    const row = (to: string) => rows.find((r) => (r.payload as { to: string }).to === to)!;
    for (const n of [1, 2, 3]) expect(row(`good${n}@example.com`)).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null });
    expect(row("good1@example.com").completedAt).toBeInstanceOf(Date);
    expect(row("flaky@example.com")).toMatchObject({ status: "sent", attempts: 3, lastError: expect.stringContaining("451") });
    expect(smtp.tries.get("flaky@example.com")).toBe(3);
    expect(row("nobody@example.com")).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringContaining("550") });
    expect(smtp.tries.get("nobody@example.com")).toBe(1);
    expect(row("busy@example.com")).toMatchObject({ status: "failed", attempts: 2, lastError: expect.stringContaining("451") });
  }, 180_000);

  it("loses no queued mail when the server is killed with SIGKILL mid-send, and sends none twice", async () => {
    const store = await testStore();
    cleanups.push(() => store.dispose());
    const count = 8;
    const addresses = Array.from({ length: count }, (_, i) => `person${i + 1}@example.com`);
    await store.use(async (db) => {
      for (const [i, to] of addresses.entries()) await enqueueEmail(db, email(to, i + 1));
    });
    // Before the kill: the first message is answered 451 (so it waits for a retry), the second
    // hangs mid-DATA (so it is leased, half sent); the rest, claimed in the same batch, wait their turn.
    let phase: "before" | "after" = "before";
    const smtp = await startSmtpServer((to) => {
      if (phase === "after") return "accept";
      if (to === "person1@example.com") return "transient";
      return "stall";
    });
    cleanups.push(() => smtp.close());
    const env = { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200", OUTBOX_LEASE_MS: "2000" };

    const first = await startTestServer({ reuse: { databaseUrl: store.databaseUrl, dataDir: store.dataDir }, env });
    cleanups.push(() => first.stop("SIGKILL"));
    await expect.poll(() => smtp.stalled.length, { timeout: 60_000 }).toBe(1);
    expect(smtp.received).toHaveLength(0);
    await first.stop("SIGKILL");
    expect(first.process.signalCode).toBe("SIGKILL");

    if (testDbKind() === "postgres") {
      // What the crash left behind: one job waiting for its retry; the one leased mid-send and the
      // rest of its claimed batch leased too (taken over once the lease expires), none sent.
      const rows = byId(await store.use((db) => db.select().from(outboxJobs)));
      expect(rows.filter((r) => r.status === "sent")).toHaveLength(0);
      expect(rows.filter((r) => r.status === "pending")).toHaveLength(1);
      expect(rows.filter((r) => r.status === "processing")).toHaveLength(count - 1);
    }
    phase = "after";
    const second = await startTestServer({ reuse: { databaseUrl: store.databaseUrl, dataDir: store.dataDir }, env });
    cleanups.push(() => second.stop());
    await expect.poll(() => new Set(smtp.received.map((m) => m.to)).size, { timeout: 60_000 }).toBe(count);
    expect(await second.stop("SIGTERM")).toBe(0);

    expect(smtp.received.map((m) => m.to).sort()).toEqual([...addresses].sort()); // every one, exactly once
    for (const message of smtp.received) {
      const n = addresses.indexOf(message.to) + 1;
      expect(message.subject).toBe(`Outbox test ${n}`);
      expect(message.body).toContain(`Token-${n}-abc`);
    }
    const rows = byId(await store.use((db) => db.select().from(outboxJobs)));
    expect(rows.map((r) => r.status)).toEqual(Array(count).fill("sent"));
    // The half-sent message was taken over after its lease expired: its second attempt.
    const halfSent = rows.find((r) => (r.payload as { to: string }).to === smtp.stalled[0])!;
    expect(halfSent.attempts).toBe(2);
  }, 180_000);

  it.skipIf(testDbKind() !== "postgres")(
    "shares the queue between two servers on one PostgreSQL without sending anything twice",
    async () => {
      const store = await testStore();
      cleanups.push(() => store.dispose());
      const count = 40;
      const addresses = Array.from({ length: count }, (_, i) => `shared${i + 1}@example.com`);
      const smtp = await startSmtpServer(() => "accept");
      cleanups.push(() => smtp.close());
      const env = { SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: "50" };
      const [a, b] = await Promise.all([
        startTestServer({ reuse: { databaseUrl: store.databaseUrl, dataDir: store.dataDir }, env }),
        startTestServer({ reuse: { databaseUrl: store.databaseUrl, dataDir: mkdtempSync(path.join(tmpdir(), "fixit-mail-b-")) }, env }),
      ]);
      cleanups.push(() => a.stop(), () => b.stop(), async () => rmSync(b.dataDir, { recursive: true, force: true }));
      // Queued while both servers are polling, as submissions to either would be.
      await store.use(async (db) => {
        await db.transaction(async (tx) => {
          for (const [i, to] of addresses.entries()) await enqueueJob(tx, "email", email(to, i + 1));
        });
      });
      await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
      await new Promise((r) => setTimeout(r, 500)); // room for a duplicate to show up
      expect(smtp.received.map((m) => m.to).sort()).toEqual([...addresses].sort());
      const doneBy = (server: TestServer) => server.logs().match(/"outbox job done"/g)?.length ?? 0;
      expect(doneBy(a) + doneBy(b)).toBe(count);
      expect(doneBy(a)).toBeGreaterThan(0);
      expect(doneBy(b)).toBeGreaterThan(0);
    },
    180_000,
  );
});
