import { spawn } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";
import { Browser, linkIn, mailbox, waitForMail } from "../auth-helpers";
import type { TestServer } from "./server";

/** What the staff console's two test files share (tests/staff.test.ts, tests/staff-cli.test.ts): people and the command-line tool. */

export const strongPassword = "copper-kettle-violet-harbour";
let ipCounter = 0;
/** An address of its own per sign-up (the test server trusts X-Forwarded-For from loopback), so per-address limits stay out of the way. */
export const newIp = () => `203.0.113.${(++ipCounter % 250) + 1}`;

/** Signs up at `at` and follows the confirmation email: a signed-in browser. */
export async function confirmedUserAt(at: string, email: string, fullName = "Ada Lovelace", userType = "customer") {
  const browser = new Browser(at);
  const before = Math.max(0, ...(await mailbox(at, email)).map((m) => m.id));
  const res = await browser.post(
    "/auth",
    { intent: "sign-up", fullName, email, phone: "", password: strongPassword, confirmPassword: strongPassword, userType },
    { "x-forwarded-for": newIp() },
  );
  expect(res.status).toBe(200);
  const mail = await waitForMail(at, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", at))).status).toBe(302);
  expect(browser.hasSession()).toBe(true);
  return browser;
}

export async function signInAt(at: string, email: string) {
  const browser = new Browser(at);
  const res = await browser.post("/auth", { intent: "sign-in", email, password: strongPassword }, { "x-forwarded-for": newIp() });
  return { browser, res };
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run staff -- …` (scripts/staff.ts through tsx) with `target`'s settings. */
export function runStaffCli(target: Pick<TestServer, "url" | "dataDir" | "databaseUrl">, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runScript("staff", args, { APP_ENV: "test", PORT: new URL(target.url).port, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, ...env });
}

/** Runs one of the project's command-line tools (scripts/<name>.ts through tsx) with only these settings besides PATH and HOME. */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), [`scripts/${name}.ts`, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/** The href of a page's `a[rel=<rel>]` link (the keyset pages' "Next page", decision 069), HTML entities decoded; null if none. */
export function relLink(html: string, rel: "next" | "prev" | "first"): string | null {
  const tag = new RegExp(`<a\\b[^>]*\\brel="${rel}"[^>]*>`).exec(html)?.[0];
  const href = tag && /\bhref="([^"]*)"/.exec(tag)?.[1];
  return href ? href.replaceAll("&amp;", "&") : null;
}
