import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, sameOriginHeaders, type Page } from "./test";

const port = process.env.E2E_PORT ?? "4173";

/** `npm run staff -- <args>` against the Playwright server (in-memory PGlite: it goes through the server). */
function staffCli(args: string[]): string {
  return execFileSync(path.resolve("node_modules/.bin/tsx"), ["scripts/staff.ts", ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      APP_ENV: "test",
      PORT: port,
      DATA_DIR: `test-results/e2e-data-${port}`,
      DATABASE_URL: "memory://",
    },
    encoding: "utf8",
  });
}

export const grantStaff = (email: string, role: "staff" | "admin" = "staff"): string => staffCli(["grant", email, role]);

/** TEST MODE's `npm run staff -- slot-passed <id>`: the booking's slot moves to yesterday. */
export const slotPassed = (bookingId: number): string => staffCli(["slot-passed", String(bookingId)]);

/** Staff approve a pending fixer application as the console's review form posts it (the console's own test is staff.spec.ts). */
export async function approveOverHttp(staff: Page, fixerName: string) {
  const list = await (await staff.request.get("/staff/onboarding?status=pending")).text();
  const id = new RegExp(`href="/staff/onboarding/(\\d+)"[^>]*>${fixerName}<`).exec(list)?.[1];
  expect(id, `${fixerName}'s application in the pending list`).toBeTruthy();
  // The checks every service needs, recorded with their evidence (decision 065), so the fixer can then offer plumbing and the like.
  for (const [kind, evidence] of [["identity", "Passport seen"], ["right_to_work", "UK passport"], ["insurance", "PL £2m certificate"]]) {
    const recorded = await staff.request.post(`/staff/onboarding/${id}`, { form: { intent: "check", kind: kind!, evidence: evidence! }, headers: sameOriginHeaders() });
    expect(recorded.status(), `${kind} check recorded`).toBe(200);
  }
  const saved = await staff.request.post(`/staff/onboarding/${id}`, {
    form: { intent: "review", decision: "approved", note: "" },
    headers: sameOriginHeaders(),
  });
  expect(saved.status()).toBeLessThan(400);
  expect(await saved.text()).toContain("Pending → Approved");
}
