import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/helpers/longest-first";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
/**
 * The hostile-input matrix (decision 014): some 2,500 requests, most refused before any query runs.
 * PGlite is PostgreSQL's own engine compiled to WebAssembly, so a value that does reach a query (a
 * staff list's search) meets the same parser and the same encoding checks: the matrix runs once, on
 * PGlite (about 150 s of a run saved).
 */
const hostileInputMatrices = ["tests/hostile-input-forms.test.ts", "tests/hostile-input-queries.test.ts"];
/**
 * Files whose subject is what the build writes, whichever database is behind it: the multipart parser
 * (no database at all), the JavaScript each page loads, the classes on each element, the /dev/ui
 * gallery, the content pages' copy, and the anonymous-HTML cache's headers and validators. They run
 * once too; the queries behind those pages (the service pages' fixers, the figures) run on both
 * databases in tests/public-pages.test.ts.
 */
const buildArtefacts = ["storage", "js-budget", "class-conflicts", "ui-kit", "content-pages", "page-cache"].map((name) => `tests/${name}.test.ts`);
const onceOnPglite = [...hostileInputMatrices, ...buildArtefacts];
const integration = (kind: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: `integration-${kind}`,
    include: ["tests/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(kind === "postgres" ? onceOnPglite : [])],
    // On PostgreSQL, test databases are copies of one migrated template (and the scale copy of one
    // seed) made once per run: tests/helpers/postgres-templates.ts.
    globalSetup: ["tests/helpers/global-setup.ts", ...(kind === "postgres" ? ["tests/helpers/postgres-templates-setup.ts"] : [])],
    // Bookings' rows port (decision 089), filled in the tests' own process as the server fills it at start.
    setupFiles: ["tests/helpers/booking-rows-setup.ts"],
    // One process per worker for all its files, not one per file (while the next file is of the same
    // project: tests/helpers/longest-first.ts): the server bundle, its libraries and PGlite's
    // WebAssembly load once per worker (PGlite project: 291 → 237 s, 565 → 451 CPU
    // seconds, measured back to back). Safe because these files share nothing but what they start:
    // each starts its own server and database, and none mocks a module, fakes timers or sets env.
    isolate: false,
    // The production build the files start (tests/helpers/server.ts) loads as Node loads it, not
    // through Vite's transform: Vitest inlines every file outside node_modules, so each project
    // transformed the bundle again (~5 s) and ran the server with its imports rewritten. Five files
    // back to back, twice each: 108-110 → 102 CPU seconds, 66-67 → 54-62 s.
    server: { deps: { external: [/\/build[^/]*\/server\//] } },
    env: { TEST_DB_KIND: kind, NODE_ENV: "production" },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

/** Unit tests that open databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) or start processes: seconds each, not milliseconds. */
const databaseUnitTests = [
  "server/db/**/*.test.ts",
  "server/jobs/worker.test.ts",
  "server/mail/worker.test.ts",
  "server/security/rate-limit.test.ts",
  "server/live/*.test.ts",
  "app/features/quotes/{matching,quotes,reviews,unread-counters,paging}.test.ts",
  "app/features/{fixers/onboarding,payments/payments,privacy/retention,vip/vip.server}.test.ts",
  "app/features/auth/password-strength.test.ts",
  "app/features/live/stream.test.ts",
  "app/features/notifications/notify.test.ts",
];

export default defineConfig({
  test: {
    // Integration files spend most of their time waiting on the server process they start, so three
    // files at once keep two cores busy (the default, one per core, left them half idle).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          // `npx vitest run --project unit`: the quick ones, for a change in progress.
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: databaseUnitTests,
          // One module graph per worker, not per file (as the integration projects): no unit test
          // mocks a module, fakes timers or changes the environment, so nothing leaks between files,
          // and each worker imports React, zod and the features once instead of once per file.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "unit-database",
          include: databaseUnitTests,
          globalSetup: ["tests/helpers/postgres-templates-setup.ts"],
          setupFiles: ["tests/helpers/booking-rows-setup.ts"],
          testTimeout: 60_000,
          // As the unit project: one module graph per worker (these files mock nothing either).
          isolate: false,
        },
      },
      integration("pglite"),
      // The same integration suite again on PostgreSQL when one is offered.
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
