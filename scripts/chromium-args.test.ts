import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumArgs, playwrightDisabledFeatures } from "../e2e/helpers/chromium-args.ts";

/** The features the installed Playwright disables, read from its source (it exports no list). */
function installedPlaywrightDisabledFeatures(): string[] {
  const root = path.dirname(createRequire(import.meta.url).resolve("playwright-core/package.json"));
  const source = readFileSync(path.join(root, "lib/coreBundle.js"), "utf8");
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(source)?.[1];
  if (!list) throw new Error("Playwright's disabledFeatures list was not found: read its chromiumSwitches and update e2e/helpers/chromium-args.ts");
  return [...list.replace(/\/\/.*$/gm, "").matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

describe("the browser tests' Chromium switches", () => {
  it("repeat every feature the installed Playwright disables, since only the last --disable-features counts", () => {
    const installed = installedPlaywrightDisabledFeatures();
    expect(installed.length).toBeGreaterThan(5);
    expect(playwrightDisabledFeatures).toEqual(expect.arrayContaining(installed));
  });

  it("pass one --disable-features, with Playwright's features and the omnibox popup", () => {
    const switches = chromiumArgs.filter((arg) => arg.startsWith("--disable-features="));
    expect(switches).toHaveLength(1);
    const features = switches[0]!.slice("--disable-features=".length).split(",");
    expect(features).toEqual(expect.arrayContaining([...playwrightDisabledFeatures, "WebUIOmniboxPopup"]));
  });
});
