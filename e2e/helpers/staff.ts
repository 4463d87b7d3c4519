import { execFileSync } from "node:child_process";
import path from "node:path";

const port = process.env.E2E_PORT ?? "4173";

/** `npm run staff -- grant <email>` against the Playwright server (in-memory PGlite: it goes through the server). */
export function grantStaff(email: string, role: "staff" | "admin" = "staff"): string {
  return execFileSync(path.resolve("node_modules/.bin/tsx"), ["scripts/staff.ts", "grant", email, role], {
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
