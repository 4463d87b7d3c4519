import { readdirSync, readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The one dependency direction (docs/ARCHITECTURE.md) is enforced by eslint.config.js. These cases
 * lint a line of code as if it lived in a given file, so a rule that stopped matching fails here.
 */
const eslint = new ESLint();

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).filter((m) => ["no-restricted-imports", "no-restricted-syntax", "@typescript-eslint/no-restricted-imports"].includes(m.ruleId ?? "")).map((m) => m.message);
}

describe("import direction", () => {
  it.each([
    ["server/mail/example.ts", `import { company } from "~/content/company.ts";`],
    ["server/jobs/example.ts", `import { createAuth } from "../../app/features/auth/auth.server.ts";`],
    ["server/http/example.ts", `const m = () => import("~/features/vip/vip.server.ts");`],
    ["app/components/layout/example.tsx", `import { openCookiePreferences } from "~/features/consent/consent-store";`],
    ["app/lib/example.ts", `import { meta } from "~/routes/_site.about";`],
    ["app/content/example.ts", `import { thing } from "../features/vip/content";`],
    ["app/components/ui/example.tsx", `const m = () => import("~/features/assistant/matcher");`],
    ["app/features/vip/example.ts", `import { loader } from "~/routes/_site.account";`],
    ["app/features/vip/example.ts", `import { Layout } from "~/root";`],
    ["app/features/forms/example.ts", `import { z } from "zod";`],
    // server/ has no exemption: the composition root lives in app/ and hands server/ the features.
    ["server/app.ts", `import { createAuth } from "~/features/auth/auth.server.ts";`],
    ["server/app.ts", `import type { AppServices } from "~/app-services.server.ts";`],
    // The entry modules, by name with or without an extension, from below the routes.
    ["app/features/vip/example.ts", `import { Layout } from "~/root.tsx";`],
    ["app/features/vip/example.ts", `import handleRequest from "~/entry.server";`],
    ["app/components/layout/example.tsx", `import { hydrateIslands } from "~/islands.client";`],
    ["app/lib/example.ts", `const m = () => import("~/root.tsx");`],
    ["app/features/staff/example.ts", `import { start } from "~/composition-root.server.ts";`],
    // The whole services bag is the composition root's: a feature declares the pieces it needs (decision 088).
    ["app/features/quotes/example.server.ts", `import type { AppServices } from "~/app-services.server";`],
    ["app/lib/example.server.ts", `import type { AppServices } from "~/app-services.server.ts";`],
    ["app/features/vip/example.server.ts", `const m = () => import("~/app-services.server");`],
    // Feature to feature: only what featureImports allows (the reverse of each pair that was a cycle).
    ["app/features/auth/example.ts", `import { promoteConfiguredAdmin } from "~/features/staff/roles.server.ts";`],
    ["app/features/auth/example.ts", `import { isApprovedFixer } from "~/features/quotes/coverage.server";`],
    ["app/features/quotes/example.ts", `import { recordStaffAction } from "~/features/staff/audit.server.ts";`],
    ["app/features/payments/example.ts", `import { fulfilFixerOnboardingFee } from "~/features/fixers/fee-fulfilment.server.ts";`],
    ["app/features/payments/example.ts", `import { handleBookingProviderEvent } from "~/features/bookings/provider-events.server.ts";`],
    ["app/features/quotes/example.ts", `import { readPostcode } from "~/features/coverage/postcode-check";`],
    ["app/features/vip/components/example.tsx", `import { useWidgetClearance } from "~/features/assistant/use-widget-clearance";`],
    ["app/features/payments/example.tsx", `import { FixerStepIndicator } from "../fixers/step-indicator";`],
    ["app/features/consent/example.tsx", `const m = () => import("~/features/assistant/components/chat-widget");`],
    // lib and content: one direction (lib may use content; content imports only content).
    ["app/content/example.ts", `import { formatCount } from "~/lib/format";`],
    ["app/content/legal/example.ts", `import { cn } from "../../lib/utils";`],
    ["app/content/example.ts", `const m = () => import("~/lib/seo");`],
    ["app/lib/example.ts", `import { Button } from "~/components/ui/button";`],
    // No `../` anywhere in app/ or server/ (issue 48): another folder is named by its alias, `./x` only within a folder.
    ["app/features/notifications/components/example.tsx", `import { notificationsCopy } from "../copy";`],
    ["app/features/bookings/components/example.tsx", `import type { QuoteBookingForFixer } from "../quote-terms.server";`],
    ["app/features/bookings/components/example.tsx", `const m = () => import("../slots");`],
    ["app/lib/forms/example.ts", `export { parseId } from "../ids";`],
    ["app/routes/example.tsx", `import { cn } from "../lib/utils";`],
    ["app/routes/_site.account/example.ts", `import { withFlash } from "../../lib/flash.server";`],
    ["app/example.tsx", `import { loadConfig } from "../server/config.ts";`],
    ["app/features/example.server.ts", `import { parseId } from "../lib/ids";`],
    ["server/live/example.ts", `import type { Config } from "../config.ts";`],
    ["server/http/example.ts", `const m = () => import("../spans.ts");`],
    ["server/live/example.test.ts", `import { createScratchDatabase } from "../../scripts/scratch-database.ts";`],
    ["app/content/legal/example.ts", `import { fees } from "..";`],
  ])("refuses %s: %s", async (filePath, code) => {
    expect(await importErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    ["app/composition-root.server.ts", `import { createAuth } from "~/features/auth/auth.server.ts";`],
    ["app/composition-root.server.ts", `import { startServer } from "#server/app.ts";`],
    ["server/mail/example.ts", `import { enqueueJob } from "#server/jobs/queue.ts";`],
    ["app/features/vip/example.ts", `import { Button } from "~/components/ui/button";`],
    ["app/features/vip/example.ts", `import { enqueueEmail } from "#server/mail/outbox.ts";`],
    ["app/components/ui/example.tsx", `import { cn } from "~/lib/utils";`],
    ["app/routes/example.tsx", `import { vipStatus } from "~/features/vip/vip.server";`],
    ["app/features/forms/example.ts", `import { z } from "~/lib/zod";`],
    ["app/features/staff/example.server.ts", `import type { z } from "zod";`],
    ["app/features/staff/example.server.ts", `import { hideReview } from "~/features/quotes/reviews.server";`],
    ["app/features/bookings/example.server.ts", `import type { PaymentDeps } from "~/features/payments/payments.server";`],
    ["app/routes/example.tsx", `import type { AppServices } from "~/app-services.server";`],
    ["app/features/quotes/example.server.ts", `import { signInReturnPath } from "~/features/auth/guard.server";`],
    ["app/features/assistant/example.tsx", `const m = () => import("~/features/vip/components/vip-hover-card");`],
    ["app/features/vip/example.tsx", `import { useWidgetClearance } from "~/features/consent/use-widget-clearance";`],
    ["app/lib/example.ts", `import { company } from "~/content/company";`],
    ["app/content/example.ts", `import { formatCount } from "./format";`],
    ["app/content/legal/example.ts", `import { fees } from "~/content/prices";`],
    ["app/routes/example.tsx", `import { Layout } from "~/root.tsx";`],
    ["app/features/notifications/components/example.tsx", `import { notificationsCopy } from "~/features/notifications/copy";`],
    ["app/features/notifications/components/example.tsx", `import { Row } from "./row";`],
    ["app/routes/example.tsx", `import type { Route } from "./+types/example";`],
    ["server/live/example.ts", `import type { Config } from "#server/config.ts";`],
    ["server/live/example.test.ts", `import { createScratchDatabase } from "#scripts/scratch-database.ts";`],
    ["app/features/bookings/components/example.tsx", `const m = () => import("./slot-picker");`],
  ])("allows %s: %s", async (filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([]);
  });
});

describe("the feature table (featureImports in eslint.config.js)", () => {
  let table: Record<string, readonly string[]> = {};
  beforeAll(async () => {
    // eslint.config.js is plain JavaScript without types: its table is read as data.
    const config = "../eslint.config.js";
    ({ featureImports: table } = (await import(/* @vite-ignore */ config)) as { featureImports: Record<string, readonly string[]> });
  });

  it("names every feature folder, and only features", () => {
    const folders = readdirSync("app/features", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(table).sort()).toEqual(folders.sort());
    for (const allowed of Object.values(table)) for (const name of allowed) expect(folders).toContain(name);
  });

  it("has no cycle: no feature imports, even through others, a feature that imports it", () => {
    const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
      (table[from] ?? []).some((next) => next === target || (!seen.has(next) && (seen.add(next), reaches(next, target, seen))));
    expect(Object.keys(table).filter((feature) => reaches(feature, feature))).toEqual([]);
  });
});

describe("table ownership (featureTables in eslint.config.js, decision 089)", () => {
  let owners: Record<string, readonly string[]> = {};
  let notYetMoved: Record<string, Record<string, number>> = {};
  let features: Record<string, readonly string[]> = {};
  beforeAll(async () => {
    const config = "../eslint.config.js";
    ({ featureTables: owners, tablesNotYetMoved: notYetMoved, featureImports: features } = (await import(/* @vite-ignore */ config)) as {
      featureTables: Record<string, readonly string[]>;
      tablesNotYetMoved: Record<string, Record<string, number>>;
      featureImports: Record<string, readonly string[]>;
    });
  });

  it.each([
    // A feature importing another's tables: the message names the owner to ask.
    ["app/features/vip/example.server.ts", `import { users } from "#server/db/schema/auth.ts";`, /vip does not import #server\/db\/schema\/auth, security: the auth feature owns them/],
    ["app/features/coverage/example.server.ts", `import { fixerAreas } from "#server/db/schema/quotes";`, /the quotes feature owns them/],
    ["app/features/consent/example.server.ts", `const m = () => import("#server/db/schema/payments.ts");`, /the payments feature owns them/],
    ["app/features/forms/example.server.ts", `import type { payments } from "#server/db/schema/payments.ts";`, /the payments feature owns them/],
    // Infrastructure tables are server/'s: a feature uses its functions.
    ["app/features/vip/example.server.ts", `import { outboxJobs } from "#server/db/schema/outbox.ts";`, /server\/ \(infrastructure\) owns them/],
    // A route imports no table at all, not even of the feature it serves.
    ["app/routes/staff.example.tsx", `import { outboxJobs } from "#server/db/schema/outbox.ts";`, /a route or entry module imports no table/],
    ["app/routes/_site.vip.tsx", `import { vipCodes } from "#server/db/schema/vip.ts";`, /a route or entry module imports no table/],
    ["app/composition-root.server.ts", `import { users } from "#server/db/schema/auth.ts";`, /a route or entry module imports no table/],
  ])("refuses %s: %s", async (filePath, code, message) => {
    const errors = await importErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ["app/features/auth/example.server.ts", `import { users } from "#server/db/schema/auth.ts";`],
    ["app/features/auth/example.server.ts", `import { securityEvents } from "#server/db/schema/security.ts";`],
    ["app/features/bookings/example.server.ts", `import { bookingExtras } from "#server/db/schema/booking-extras.ts";`],
    ["app/features/quotes/example.server.ts", `const m = () => import("#server/db/schema/job-drafts.ts");`],
    // Tests set up whatever state they need; server/ is infrastructure, below every feature.
    ["app/features/vip/example.test.ts", `import { users } from "#server/db/schema/auth.ts";`],
    ["server/jobs/example.ts", `import { outboxJobs } from "#server/db/schema/outbox.ts";`],
    ["server/example.ts", `import { staffAuditLog } from "#server/db/schema/staff.ts";`],
  ])("allows %s: %s", async (filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([]);
  });

  it("names every table module exactly once, each owned by a feature or server/", () => {
    const modules = readdirSync("server/db/schema").filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts")).map((name) => name.replace(/\.ts$/, ""));
    const named = Object.values(owners).flat();
    expect([...named].sort()).toEqual(modules.sort());
    for (const owner of Object.keys(owners)) expect([...Object.keys(features), "server"]).toContain(owner);
  });

  it("counts, in the ratchet, exactly the files that still import another owner's tables", () => {
    const ownerOf = new Map(Object.entries(owners).flatMap(([owner, modules]) => modules.map((m) => [m, owner] as const)));
    const counted: Record<string, Record<string, number>> = {};
    const files = readdirSync("app/features", { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f.includes("/"));
    for (const file of files) {
      const feature = file.split("/")[0]!;
      const text = readFileSync(`app/features/${file}`, "utf8");
      const modules = new Set([...text.matchAll(/["']#server\/db\/schema\/([a-z-]+)(?:\.ts)?["']/g)].map((m) => m[1]!));
      for (const module of modules) {
        if (ownerOf.get(module) === feature) continue;
        counted[feature] ??= {};
        counted[feature][module] = (counted[feature][module] ?? 0) + 1;
      }
    }
    // A count that went down is lowered in eslint.config.js; a pair at 0 leaves the list.
    expect(counted).toEqual(notYetMoved);
  });
});
