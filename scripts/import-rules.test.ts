import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

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
  ])("refuses %s: %s", async (filePath, code) => {
    expect(await importErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    ["server/app.ts", `import { createAuth } from "~/features/auth/auth.server.ts";`],
    ["server/mail/example.ts", `import { enqueueJob } from "#server/jobs/queue.ts";`],
    ["app/features/vip/example.ts", `import { Button } from "~/components/ui/button";`],
    ["app/features/vip/example.ts", `import { enqueueEmail } from "#server/mail/outbox.ts";`],
    ["app/components/ui/example.tsx", `import { cn } from "~/lib/utils";`],
    ["app/routes/example.tsx", `import { vipStatus } from "~/features/vip/vip.server";`],
    ["app/features/forms/example.ts", `import { z } from "~/lib/zod";`],
    ["app/features/staff/example.server.ts", `import type { z } from "zod";`],
  ])("allows %s: %s", async (filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([]);
  });
});
