import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server";

/**
 * ROLE=web|worker|all (issue 47). A bad value stops the server at start with a message naming ROLE.
 * On one PostgreSQL database, a web process serves pages and never sends the outbox's mail; a worker
 * process sends it, serves only /healthz and /metrics; two workers never run one job twice (the
 * outbox's claim holds across processes). Web and worker need PostgreSQL (the embedded database
 * belongs to one process), so those run in the PostgreSQL suite only.
 */

const onPostgres = process.env.TEST_DB_KIND === "postgres";
const TOKEN = "metrics-token-for-the-role-tests-0123456789";
const started: TestServer[] = [];

afterAll(async () => {
  // The first started owns the database: the others stop first, then it drops it.
  for (const server of started.slice(1).reverse()) await server.stop();
  await started[0]?.dispose();
});

/** `n` emails queued straight into the outbox (as any page's transaction would). */
async function queueEmails(client: pg.Client, n: number, tag: string) {
  await client.query(
    `insert into outbox_jobs (kind, payload)
     select 'email', jsonb_build_object('to', 'role-' || g || '@example.com', 'subject', $1 || ' ' || g, 'html', '<p>Hello</p>', 'text', 'Hello')
     from generate_series(1, $2::int) g`,
    [tag, n],
  );
}

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("ROLE", () => {
  it("a bad ROLE stops the server at start, naming ROLE and the values it takes", async () => {
    const failed = await startTestServer({ env: { ROLE: "scheduler" } }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/server exited with 1 before listening/);
    expect(failed).toContain('ROLE: must be "all", "web" or "worker"');
  });

  it("ROLE=web or worker with the embedded database is refused at start: the two processes need one PostgreSQL", async () => {
    const failed = await startTestServer({ env: { ROLE: "worker", DATABASE_URL: "memory://" } }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failed).toContain("ROLE=worker needs DATABASE_URL (PostgreSQL)");
  });

  describe.skipIf(!onPostgres)("web and worker on one PostgreSQL database", () => {
    let web: TestServer;
    let client: pg.Client;
    const mailFor = async (tag: string) =>
      (
        await client.query<{ job: string; copies: number }>(
          `select substring(headers->>'Message-ID' from '^<outbox-([0-9]+)@') as job, count(*)::int as copies from dev_mailbox where subject like $1 || ' %' group by 1`,
          [tag],
        )
      ).rows;
    const jobsOf = async (tag: string) => (await client.query<{ status: string; attempts: number }>(`select status, attempts from outbox_jobs where payload->>'subject' like $1 || ' %'`, [tag])).rows;

    it("a web process serves pages and never sends the outbox's mail", async () => {
      web = await startTestServer({ env: { ROLE: "web", METRICS_TOKEN: TOKEN } });
      started.push(web);
      client = new pg.Client({ connectionString: web.databaseUrl });
      await client.connect();
      expect((await fetch(`${web.url}/`)).status).toBe(200);
      expect(await (await fetch(`${web.url}/healthz`)).json()).toMatchObject({ status: "ok", role: "web" });
      const metrics = await (await fetch(`${web.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(metrics).toMatch(/fixit_process_role\{role="web"\} 1/);
      expect(metrics).toMatch(/fixit_outbox_worker_last_poll_timestamp_seconds 0\b/);

      await queueEmails(client, 5, "web-only");
      // The test servers poll every 100 ms: 3 s is 30 polls a worker would have made.
      await new Promise((r) => setTimeout(r, 3_000));
      expect((await jobsOf("web-only")).map((j) => j.status)).toEqual(Array(5).fill("pending"));
      expect(await mailFor("web-only")).toEqual([]);
      expect(web.logs()).not.toContain("outbox worker started");
    });

    it("a worker process on the same database sends it, and serves only /healthz and /metrics", async () => {
      const worker = await startTestServer({ reuse: { dataDir: web.dataDir, databaseUrl: web.databaseUrl }, env: { ROLE: "worker", METRICS_TOKEN: TOKEN } });
      started.push(worker);
      expect(worker.logs()).toContain("outbox worker started");
      await until(async () => (await jobsOf("web-only")).every((j) => j.status === "sent"), "the worker to send the web's mail");
      expect((await mailFor("web-only")).map((m) => m.copies)).toEqual(Array(5).fill(1));

      expect(await (await fetch(`${worker.url}/healthz`)).json()).toMatchObject({ status: "ok", role: "worker" });
      for (const path of ["/", "/auth", "/staff", "/api/payments/stripe-webhook"]) expect((await fetch(`${worker.url}${path}`)).status).toBe(404);
      const metrics = await (await fetch(`${worker.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(metrics).toMatch(/fixit_process_role\{role="worker"\} 1/);
      const lastPoll = Number(/^fixit_outbox_worker_last_poll_timestamp_seconds (\S+)$/m.exec(metrics)?.[1]);
      expect(lastPoll).toBeGreaterThan(Date.now() / 1000 - 30);
      expect(metrics).toContain("fixit_reconciliation_running_heartbeat_age_seconds");
      expect(metrics).toContain("fixit_reconciliation_last_duration_seconds");
      // Without the token, /metrics is a 404 like anything else.
      expect((await fetch(`${worker.url}/metrics`)).status).toBe(404);
    });

    it("two workers on one database never run a job twice", async () => {
      const second = await startTestServer({ reuse: { dataDir: web.dataDir, databaseUrl: web.databaseUrl }, env: { ROLE: "worker" } });
      started.push(second);
      await queueEmails(client, 200, "two-workers");
      await until(async () => (await jobsOf("two-workers")).every((j) => j.status === "sent"), "both workers to send 200 emails", 60_000);
      const jobs = await jobsOf("two-workers");
      expect(jobs).toHaveLength(200);
      expect(jobs.every((j) => j.attempts === 1)).toBe(true);
      const mail = await mailFor("two-workers");
      expect(mail).toHaveLength(200);
      expect(mail.every((m) => m.copies === 1)).toBe(true);
      await client.end();
    });
  });
});
