import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs } from "./e2e/helpers/chromium-args";
import { browserTestChromium } from "./scripts/browser-test-chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 4173);
const chromiumPath = browserTestChromium();
// The seeding endpoint's secret (decision 085), made once per run by the runner: its workers inherit
// the runner's environment (and load this file again, keeping it), and the server gets it below.
process.env.E2E_SEED_SECRET ??= randomBytes(24).toString("hex");

/** Browser tests drive the production build in Debian's Chromium (its headless shell when installed); Playwright downloads no browser. */
export default defineConfig({
  testDir: "e2e",
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry on the shared CI machine; a test that passes only on its retry is still listed as "flaky" and gets fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs every test ~18% more CPU (screencast and snapshots on each action,
    // measured on 33 tests: 210 → 169 CPU seconds), so CI records one only for a failed test's retry.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // The site's service worker (decision 073) would answer pages before page.route sees them and
    // precache every asset per context: off here; e2e/pwa.spec.ts turns it on for its own profile.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // A fresh in-memory database per run; mail goes to the log transport (/dev/mailbox).
    command: "node server/main.js",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      APP_ENV: "test",
      PORT: String(port),
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      HOST: "127.0.0.1",
      DATABASE_URL: "memory://",
      DATA_DIR: `test-results/e2e-data-${port}`,
      MAIL_WORKER_INTERVAL_MS: "200",
      LOG_LEVEL: "warn",
      // The specs give each browser context its own X-Forwarded-For, so that the whole suite's
      // sign-ups do not share one address's limit (30 an hour): the server trusts the loopback proxy.
      TRUST_PROXY: "loopback",
      // A VIP campaign code for e2e/vip.spec.ts (server-side only: never in the browser bundle).
      VIP_CAMPAIGN_CODES: "E2E-Campaign-2026",
      // Specs seed people and bookings through POST /internal/test/seed (e2e/helpers/seed.ts, decision 085).
      TEST_SEED_SECRET: process.env.E2E_SEED_SECRET,
    },
  },
});
