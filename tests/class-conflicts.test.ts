import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "~/content/pages";
import { services } from "~/content/services";
import { classConflictsIn, conflictingClasses } from "./helpers/class-conflicts";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * `cn` joins classes without resolving Tailwind conflicts (decision 007), so no rendered element may
 * carry two classes for one property: which would win depends on the stylesheet's order.
 */
describe("the conflict checker", () => {
  it("knows the theme's type scale and shadows, and Tailwind 4's line-height rule", () => {
    expect(conflictingClasses("text-small text-muted-foreground")).toEqual([]);
    expect(conflictingClasses("text-h4 leading-snug font-semibold text-h3")).toEqual(["text-h4"]);
    expect(conflictingClasses("bg-primary text-primary-foreground bg-white")).toEqual(["bg-primary"]);
    expect(conflictingClasses("flex gap-2 hidden sm:flex")).toEqual(["flex"]);
    expect(conflictingClasses("shadow-card shadow-raised")).toEqual(["shadow-card"]);
    expect(conflictingClasses("px-3 px-3 sm:px-6 rounded-2xl rounded-br-sm")).toEqual([]);
  });
});

describe("rendered pages", () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startServerInProcess();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  const paths = [
    ...new Set([...publicPages.map((p) => p.path), ...services.map((s) => s.href)]),
    "/auth",
    "/auth?view=signup",
    "/reset-password",
    "/fixer-ai",
    "/dev/ui",
    "/dev/mailbox",
    "/a-page-that-does-not-exist",
  ];

  it("carry no conflicting Tailwind classes on any element", async () => {
    const problems: string[] = [];
    for (const path of paths) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      for (const { classes, overridden } of classConflictsIn(html)) problems.push(`${path}: ${overridden.join(" ")} in "${classes}"`);
    }
    expect(problems).toEqual([]);
  });
});
