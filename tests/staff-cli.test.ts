import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "./auth-helpers";
import { startServerInProcess, startTestServer, testDbKind, type InProcessServer, type TestServer } from "./helpers/server";
import { confirmedUserAt, runStaffCli, signInAt } from "./helpers/staff-console";

/**
 * The staff command-line tool (`npm run staff`) over the real production build: it grants, lists and
 * revokes roles through the running server when the database lives inside it (in-memory PGlite, a
 * signed request to /internal/staff/roles), directly otherwise (PostgreSQL), and on a PGlite folder
 * once the server has stopped. Each call starts a process, so these tests have a file of their own,
 * run beside tests/staff.test.ts.
 */

let server: InProcessServer;
let base: string;
let staff: Browser;
let plain: Browser;

const newConfirmedUser = (email: string, fullName = "Ada Lovelace", at = base) => confirmedUserAt(at, email, fullName);
const runCli = (args: string[], env: Record<string, string> = {}, target: Pick<TestServer, "url" | "dataDir" | "databaseUrl"> = server) => runStaffCli(target, args, env);

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  [staff, plain] = await Promise.all([newConfirmedUser("staffer@example.com", "Sam Staff"), newConfirmedUser("plain@example.com", "Pat Plain")]);
  const granted = await runCli(["grant", "staffer@example.com"]);
  expect(granted.code, granted.stderr).toBe(0);
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

describe("the command-line tool", () => {
  it("granted staff through the running server (in-memory PGlite) or directly (PostgreSQL), and the role takes effect at once", async () => {
    const res = await staff.get("/staff");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Dashboard");
  });

  it.runIf(testDbKind() === "pglite")("finds the server running on DATA_DIR without PORT being passed again", async () => {
    const list = await runCli(["list"], { PORT: "" });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/staff\s+staffer@example\.com/);
  });

  it("grants admin, lists staff, revokes, and says what it did", async () => {
    const target = await newConfirmedUser("temp-staff@example.com", "Tim Temp");
    expect((await target.get("/staff")).status).toBe(403);

    const grant = await runCli(["grant", "TEMP-staff@example.com", "admin"]);
    expect(grant.code, grant.stderr).toBe(0);
    expect(grant.stdout).toContain("temp-staff@example.com is now an admin (was a plain user).");
    expect((await target.get("/staff/audit")).status).toBe(200);

    const again = await runCli(["grant", "temp-staff@example.com", "admin"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already an admin; nothing changed");

    const list = await runCli(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/admin\s+temp-staff@example\.com/);
    expect(list.stdout).toMatch(/staff\s+staffer@example\.com/);

    const revoke = await runCli(["revoke", "temp-staff@example.com"]);
    expect(revoke.code).toBe(0);
    expect(revoke.stdout).toContain("temp-staff@example.com is now a plain user (was an admin).");
    expect((await target.get("/staff")).status).toBe(403);
  });

  it("refuses unknown accounts and bad arguments with clear messages", async () => {
    // Four separate processes that change nothing: started together.
    const [unknown, usage, none, notAnEmail] = await Promise.all([
      runCli(["grant", "nobody@example.com"]),
      runCli(["grant", "someone@example.com", "superuser"]),
      runCli([]),
      runCli(["grant", "not-an-email"]),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account with the email nobody@example.com");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Unknown role "superuser": use staff or admin.');
    expect(usage.stderr).toContain("npm run staff -- grant <email> [staff|admin]");
    expect(none.code).toBe(2);
    expect(notAnEmail.code).toBe(2);
  });

  it.runIf(testDbKind() === "pglite")("with the database inside the server, a wrong secret or no server is a clear refusal", async () => {
    const wrongSecret = await runCli(["grant", "plain@example.com", "admin"], { SESSION_SECRET: "x".repeat(40) });
    expect(wrongSecret.code).toBe(1);
    expect(wrongSecret.stderr).toContain("did not accept the command's signature");

    const noServer = await runCli(["list"], { PORT: "9" });
    expect(noServer.code).toBe(1);
    expect(noServer.stderr).toContain("no FixiT server answered at http://127.0.0.1:9/internal/staff/roles");
    expect((await plain.get("/staff")).status).toBe(403);
  });

  it("the server's command endpoint refuses unsigned, stale, replayed and proxied requests", async () => {
    const body = JSON.stringify({ command: "grant", email: "plain@example.com", role: "admin", operator: "mallory", nonce: "n".repeat(20) });
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/internal/staff/roles`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
    expect((await post({})).status).toBe(401);
    expect((await post({ "x-fixit-staff-timestamp": String(Date.now()), "x-fixit-staff-signature": "sha256=00" })).status).toBe(401);
    expect((await post({ "x-forwarded-for": "198.51.100.7" })).status).toBe(404);

    if (testDbKind() === "pglite") {
      // Signed with the real secret (read from the server's DATA_DIR), but too old: refused.
      const secret = readFileSync(path.join(server.dataDir, "session-secret"), "utf8").trim();
      const key = createHmac("sha256", secret).update("fixit staff command-line tool v1").digest();
      const sign = (ts: string) => `sha256=${createHmac("sha256", key).update(`${ts}\n${body}`).digest("hex")}`;
      const old = String(Date.now() - 5 * 60_000);
      expect((await post({ "x-fixit-staff-timestamp": old, "x-fixit-staff-signature": sign(old) })).status).toBe(401);
      // A fresh one is accepted once; the same nonce again is a replay.
      const now = String(Date.now());
      const headers = { "x-fixit-staff-timestamp": now, "x-fixit-staff-signature": sign(now) };
      const first = await post(headers);
      expect(first.status).toBe(200);
      expect(((await first.json()) as { message: string }).message).toContain("plain@example.com is now an admin");
      expect((await post(headers)).status).toBe(401);
      const back = await runCli(["revoke", "plain@example.com"]);
      expect(back.code).toBe(0);
    }
    expect((await plain.get("/staff")).status).toBe(403);
  });
});

describe.runIf(testDbKind() === "pglite")("the command-line tool on a PGlite folder", () => {
  it("goes through the server while it holds the folder, and opens the folder itself (taking its lock) once it is stopped", async () => {
    const folderServer = await startTestServer({ env: { DATABASE_URL: "" } });
    let restarted: TestServer | undefined;
    try {
      // DATABASE_URL="" means the embedded default: PGlite in DATA_DIR/pglite, held by the server.
      await newConfirmedUser("folder@example.com", "Flo Folder", folderServer.url);
      const viaServer = await runCli(["grant", "folder@example.com"], { DATABASE_URL: "" }, folderServer);
      expect(viaServer.code, viaServer.stderr).toBe(0);
      expect(viaServer.stdout).toContain("folder@example.com is now staff (was a plain user).");

      expect(await folderServer.stop()).toBe(0);
      const direct = await runCli(["grant", "folder@example.com", "admin"], { DATABASE_URL: "" }, folderServer);
      expect(direct.code, direct.stderr).toBe(0);
      expect(direct.stdout).toContain("folder@example.com is now an admin (was staff).");

      restarted = await startTestServer({ reuse: { databaseUrl: "", dataDir: folderServer.dataDir }, env: { DATABASE_URL: "" } });
      const { browser, res } = await signInAt(restarted.url, "folder@example.com");
      expect(res.status).toBe(302);
      expect((await browser.get("/staff/audit")).status).toBe(200);
      const trail = await (await browser.get("/staff/audit?action=user.role")).text();
      expect(trail).toMatch(/command line \([^)]+\)/);
    } finally {
      await restarted?.stop();
      await folderServer.dispose();
    }
  }, 180_000);

  it("says so when there is no database folder yet", async () => {
    const none = await runCli(["list"], { DATABASE_URL: "", DATA_DIR: path.join(server.dataDir, "no-such-folder") });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("There is no database at");
    expect(none.stderr).toContain("Start the server once (npm start) and sign up");
  });
});
