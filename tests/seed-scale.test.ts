import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCALE_PASSWORD, SCALE_USERS, scaleCounts, scaleFigures } from "../scripts/seed-scale.ts";
import { scaleCopy } from "./helpers/postgres-templates.ts";
import { Browser } from "./auth-helpers.ts";
import { startServerInProcess, testDbKind, type InProcessServer } from "./helpers/server.ts";

/**
 * `npm run seed:scale -- --factor 0.01` (issue 47) makes a database the app serves: the counts follow
 * the factor, the ledger balances, every booking state is there, the named heavy users exist, and the
 * busy fixer signs in with the printed password and opens /fixer. PostgreSQL only (the generator is
 * PostgreSQL SQL): skipped on the PGlite project and without TEST_DATABASE_URL.
 */
const postgres = testDbKind() === "postgres";

let server: InProcessServer;
let figures: Awaited<ReturnType<typeof scaleFigures>>;

beforeAll(async () => {
  if (!postgres) return;
  // The run's one seed at factor 0.01, copied (tests/helpers/postgres-templates.ts).
  const scratch = await scaleCopy(process.env.TEST_DATABASE_URL!, "scale_test");
  try {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    figures = await scaleFigures(client).finally(() => client.end());
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  // The server on the seeded database; dispose drops it.
  server = await startServerInProcess({ reuse: { databaseUrl: scratch.url, dataDir: mkdtempSync(path.join(tmpdir(), "fixit-scale-")) } });
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

describe.skipIf(!postgres)("seed:scale at factor 0.01", () => {
  it("scales the issue's counts, with a balanced ledger, every booking state and the heavy users", () => {
    const want = scaleCounts(0.01);
    expect(figures.counts.users).toBe(want.users);
    expect(figures.counts.fixer_profiles).toBe(want.fixers);
    expect(figures.openJobs).toBe(want.openJobs);
    expect(figures.counts.bookings).toBe(want.bookedJobs);
    // The rest follow from the distributions: within a band around 1% of the figures.
    const near = (table: string, full: number) => {
      const actual = figures.counts[table] ?? 0;
      expect(actual, `${table}: ${actual} vs ${full} × 0.01`).toBeGreaterThan(full * 0.01 * 0.7);
      expect(actual, `${table}: ${actual} vs ${full} × 0.01`).toBeLessThan(full * 0.01 * 1.3);
    };
    near("job_matches", 1_900_000);
    near("quotes", 557_000);
    near("ledger_entries", 1_150_000);
    near("job_messages", 971_000);
    near("notifications", 520_000);
    near("provider_operations", 177_000);
    expect(figures.ledgerTotal).toBe(0);
    expect(figures.unbalancedEvents).toBe(0);
    expect(figures.bookingStates).toBe(18);
    expect(figures.busyFixerQuotes).toBe(want.busyPaid + want.busyOpenQuotes);
    expect(figures.busyFixerPaid).toBe(want.busyPaid);
    expect(figures.busyFixerReadMarkers).toBe(want.busyPaid + want.busyOpenQuotes + want.busyInvited);
    expect(Number(figures.busyJob?.messages)).toBeGreaterThan(want.busyMessages * 0.7);
    expect(figures.typicalFixerLeads).toBeGreaterThan(0);
  });

  it("serves it: the busy fixer signs in with the printed password and opens /fixer; staff open the console", async () => {
    const fixer = new Browser(server.url);
    const signedIn = await fixer.post("/auth", { intent: "sign-in", email: SCALE_USERS.busyFixer, password: SCALE_PASSWORD });
    expect(signedIn.status).toBe(302);
    expect(fixer.hasSession()).toBe(true);
    const page = await fixer.get("/fixer");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Jobs for you");

    const staff = new Browser(server.url);
    await staff.post("/auth", { intent: "sign-in", email: SCALE_USERS.staff, password: SCALE_PASSWORD });
    const bookings = await staff.get("/staff/bookings");
    expect(bookings.status).toBe(200);
    const reconciliation = await staff.get("/staff/reconciliation");
    expect(reconciliation.status).toBe(200);
  });
});
