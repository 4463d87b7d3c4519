import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const integration = (kind: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: `integration-${kind}`,
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    env: { TEST_DB_KIND: kind, NODE_ENV: "production" },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Integration files spend most of their time waiting on the server process they start, so three
    // files at once keep two cores busy (the default, one per core, left them half idle).
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          testTimeout: 20_000,
        },
      },
      integration("pglite"),
      // The same integration suite again on PostgreSQL when one is offered.
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
