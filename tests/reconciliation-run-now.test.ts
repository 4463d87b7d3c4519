import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { reconciliationRuns } from "#server/db/schema/bookings.ts";
import { staffAuditLog } from "#server/db/schema/staff.ts";
import { testMoneyProvider } from "~/features/bookings/provider.server";
import { bookedBooking, type BookingWorld } from "#tests/helpers/bookings.ts";
import { Browser, signUpConfirmed } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * /staff/reconciliation says what the last run compared (issue 52 item 9): "Not checked yet" before
 * any run, "0 charges" rather than "they agree" when there was nothing to compare, and the counts
 * of charges, transfers and refunds; staff's "Run now" (staff only, audited, refused while a run is
 * in progress). A server of its own: the page must start with no run at all.
 */

const strong = "copper-kettle-violet-harbour";
let server: InProcessServer;
let world: BookingWorld;
let staff: Browser;
let plain: Browser;

const html = (text: string) => text.replaceAll("<!-- -->", "");
const page = async () => html(await (await staff.get("/staff/reconciliation")).text());
const runs = () => world.db.select().from(reconciliationRuns).orderBy(reconciliationRuns.id);

/** The server's job worker finishes the run staff asked for. */
async function finished(runId: number) {
  for (let i = 0; i < 100; i++) {
    const [run] = await world.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
    if (run?.status === "finished") return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the run did not finish");
}

beforeAll(async () => {
  server = await startServerInProcess();
  const db = server.services.db;
  world = { services: server.services, db, deps: { db, publicUrl: server.url }, provider: testMoneyProvider(db), close: async () => {} };
  [staff, plain] = await Promise.all([
    signUpConfirmed(server.url, { email: "recon-staff@example.com", fullName: "Rae Staff", password: strong, ip: "198.51.100.61" }),
    signUpConfirmed(server.url, { email: "recon-plain@example.com", fullName: "Pim Plain", password: strong, ip: "198.51.100.62" }),
  ]);
  await db.update(users).set({ role: "staff" }).where(eq(users.email, "recon-staff@example.com"));
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

describe("/staff/reconciliation", () => {
  it("says 'Not checked yet' before any run, and offers Run now", async () => {
    const before = await page();
    expect(before).toContain("Not checked yet");
    expect(before).toContain("The ledger&#x27;s figures are computed by each run: none has finished yet.");
    expect(before).not.toContain("agree");
    expect(before).toContain('name="intent" value="run-now"');
  });

  it("Run now is for staff only, refuses an unknown intent, and changes nothing then", async () => {
    expect((await plain.post("/staff/reconciliation", { intent: "run-now" })).status).toBe(403);
    expect((await new Browser(server.url).post("/staff/reconciliation", { intent: "run-now" })).status).toBe(302);
    expect((await staff.post("/staff/reconciliation", { intent: "run-everything" })).status).toBe(400);
    expect(await runs()).toEqual([]);
  });

  it("a run of nothing says it checked 0 charges, never that the ledger and the provider agree", async () => {
    const asked = await staff.post("/staff/reconciliation", { intent: "run-now" });
    expect(asked.status).toBe(200);
    expect(html(await asked.text())).toContain("Run started");
    const [run] = await runs();
    expect(run).toMatchObject({ source: "staff" });
    await finished(run!.id);
    const shown = await page();
    expect(shown).toContain("Nothing to compare yet: this run checked 0 charges, 0 transfers and 0 refunds.");
    expect(shown).not.toContain("the ledger and the provider agree");
    expect(shown).toContain("Staff (Run now)");
    const audited = await world.db.select().from(staffAuditLog).where(and(eq(staffAuditLog.action, "reconciliation.run"), eq(staffAuditLog.targetId, String(run!.id))));
    expect(audited).toHaveLength(1);
  });

  it("is refused politely while a run is in progress; nothing is queued twice", async () => {
    // A run of its own, not queued: the worker leaves it running.
    const [running] = await world.db.insert(reconciliationRuns).values({ day: "2099-01-02", provider: "test" }).returning({ id: reconciliationRuns.id });
    expect(await page()).toContain("A run is in progress");
    const count = (await runs()).length;
    const refused = await staff.post("/staff/reconciliation", { intent: "run-now" });
    expect(refused.status).toBe(409);
    expect(html(await refused.text())).toContain("A run is in progress");
    expect(await runs()).toHaveLength(count);
    await world.db.delete(reconciliationRuns).where(eq(reconciliationRuns.id, running!.id));
  });

  it("after a booking is paid, says how many charges it compared and that they agree", async () => {
    await bookedBooking(world, { pricePence: 7_500 });
    // The server's own daily run (a minute after its start) may be comparing right now: Run now is refused until it ends.
    for (let i = 0; i < 100 && (await runs()).some((r) => r.status === "running"); i++) await new Promise((r) => setTimeout(r, 100));
    expect((await staff.post("/staff/reconciliation", { intent: "run-now" })).status).toBe(200);
    const latest = (await runs()).at(-1)!;
    const run = await finished(latest.id);
    expect(run).toMatchObject({ chargesChecked: 1, transfersChecked: 0, refundsChecked: 0, mismatchCount: 0 });
    const shown = await page();
    expect(shown).toContain("None: the ledger and the provider agree on the 1 charge, 0 transfers and 0 refunds checked.");
    // The ledger's figures are the run's (issue 47), with when they were computed.
    expect(shown).toContain(`Computed by run #${run.id} at`);
    expect(shown).toContain("(balanced)");
  });
});
