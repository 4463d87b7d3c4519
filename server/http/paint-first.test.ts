import { describe, expect, it } from "vitest";
import { paintBeforeScripts } from "./paint-first.ts";

// The shape React Router 7's <Scripts> writes (the module script trimmed to what matters).
const moduleScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/_site-B.js";
import * as route2_main from "/assets/_site.terms-C.js";
import * as route2_clientAction from "/assets/_site.terms-client-action-D.js";
const route2 = {...route2_clientAction,...route2_main};
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-E.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/_site":route1,"routes/_site.terms":route2};

import("/assets/entry.client-E.js");`;

const page = (script = moduleScript, preloads = ["/assets/entry.client-E.js", "/assets/root-A.js"]) =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>` +
  preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("") +
  `</head><body><main>Terms</main><script>window.__reactRouterContext = {};</script>` +
  `<script type="module" async="">${script}</script></body></html>`;

const rewrittenScript = (html: string) => /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;

describe("paintBeforeScripts", () => {
  it("takes the module preloads out of the head and starts them from the script after the first contentful paint", () => {
    const html = paintBeforeScripts(page());
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    const script = rewrittenScript(html);
    expect(script).toContain('const modulePreloads = ["/assets/entry.client-E.js","/assets/root-A.js"];');
    const waits = script.indexOf('"first-contentful-paint"');
    const preloads = script.indexOf("\npreload();");
    expect(waits).toBeGreaterThan(-1);
    expect(preloads).toBeGreaterThan(waits);
    expect(script.indexOf('import("/assets/root-A.js")')).toBeGreaterThan(preloads);
    expect(script).not.toContain("firstInteraction");
  });

  it("on a page that starts on the first interaction (decision 041), waits for it instead of the paint, before preloading or importing anything", () => {
    const script = rewrittenScript(paintBeforeScripts(page(), { start: "interaction" }));
    expect(script).not.toContain('"first-contentful-paint"');
    const waits = script.indexOf("\nawait firstInteraction;");
    const preloads = script.indexOf("\npreload();");
    expect(waits).toBeGreaterThan(-1);
    expect(preloads).toBeGreaterThan(waits);
    expect(script.indexOf('import("/assets/root-A.js")')).toBeGreaterThan(preloads);
    expect(script.indexOf('import("/assets/entry.client-E.js")')).toBeGreaterThan(preloads);
    // Anywhere on a React Router page (its whole document hydrates), but a popover and its toggle, which the browser answers.
    expect(script).toContain(`const inScope = (node) => node instanceof Element && !node.closest("[popovertarget], [popover]");`);
    for (const type of ['"pointerdown"', '"focusin"', '"keydown"', '"click"', '"fixit:start"']) expect(script).toContain(type);
  });

  it("imports every route module in the original order, one task each, and keeps the rest of React Router's script", () => {
    const script = rewrittenScript(paintBeforeScripts(page()));
    expect(script).not.toMatch(/^import \* as/m);
    const order = ["route0", "route1", "route2_main", "route2_clientAction"].map((name) => script.indexOf(`const ${name} = await import(`));
    expect(order.every((at) => at > -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(script.match(/await yieldToBrowser\(\);/g)).toHaveLength(4);
    expect(script).toContain("const route2 = {...route2_clientAction,...route2_main};");
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0');
    expect(script.trimEnd().endsWith('import("/assets/entry.client-E.js");')).toBe(true);
  });

  it("leaves a page it does not recognise exactly as it is", () => {
    const unknownImport = moduleScript.replace('import * as route1 from "/assets/_site-B.js";', 'import "/assets/_site-B.js";');
    const notReactRouter = moduleScript.replace("window.__reactRouterRouteModules", "window.somethingElse");
    for (const html of [
      page(unknownImport),
      page(notReactRouter),
      page(moduleScript, []),
      page().replace("</body>", `<script type="module" async="">${moduleScript}</script></body>`),
      "<!DOCTYPE html><html><body>No scripts</body></html>",
    ]) {
      expect(paintBeforeScripts(html)).toBe(html);
    }
  });

  it("keeps the nonce of a page rendered per request on the rewritten script", () => {
    const withNonce = page()
      .replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, '<link rel="modulepreload" href="$1" nonce="n0nce"/>')
      .replace('<script type="module" async="">', '<script nonce="n0nce" type="module" async="">');
    const html = paintBeforeScripts(withNonce);
    expect(html).not.toContain('rel="modulepreload"');
    const script = /<script nonce="n0nce" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script).toContain('"first-contentful-paint"');
    expect(script).toContain('const modulePreloads = ["/assets/entry.client-E.js","/assets/root-A.js"];');
  });

  it("keeps a dollar sign in the page's script as it is", () => {
    const withDollar = moduleScript.replace("window.__reactRouterManifest = {", () => 'window.__reactRouterManifest = {"price":"$& $1",');
    expect(rewrittenScript(paintBeforeScripts(page(withDollar)))).toContain('"price":"$& $1"');
  });
});
