import { existsSync } from "node:fs";

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set, else Debian's old headless shell
 * (package chromium-headless-shell: the same Blink and V8 as Debian's chromium, without the
 * desktop browser around them, which Playwright also drives by default for headless tests; 18%
 * less CPU per browser test, decision 060), else Debian's chromium. Lighthouse and the
 * first-interaction bench keep the full browser: they measure what a visitor's browser does.
 */
const candidates = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

export function browserTestChromium(env = process.env, exists = existsSync) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return candidates.find((path) => exists(path)) ?? candidates[0];
}
