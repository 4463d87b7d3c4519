import { describe, expect, it } from "vitest";
import { browserTestChromium } from "./browser-test-chromium.mjs";

describe("the browser tests' Chromium", () => {
  const installed = (...paths: string[]) => (path: string) => paths.includes(path);

  it("is the one CHROMIUM_PATH names, installed or not", () => {
    expect(browserTestChromium({ CHROMIUM_PATH: "/opt/chrome/chrome" }, installed("/usr/bin/chromium-headless-shell"))).toBe("/opt/chrome/chrome");
  });

  it("is Debian's headless shell when installed, else Debian's chromium", () => {
    expect(browserTestChromium({}, installed("/usr/bin/chromium", "/usr/bin/chromium-headless-shell"))).toBe("/usr/bin/chromium-headless-shell");
    expect(browserTestChromium({}, installed("/usr/bin/chromium"))).toBe("/usr/bin/chromium");
  });

  it("names the headless shell when neither is installed, so the missing-browser message says what to install", () => {
    expect(browserTestChromium({}, installed())).toBe("/usr/bin/chromium-headless-shell");
  });
});
