import { awaitFirstInteraction, startOnFirstInteraction } from "./first-interaction.ts";

/**
 * A signed-out visitor's page paints before its JavaScript competes with it (decision 025): a cached
 * page (no nonce) and a page rendered per request (its response's nonce) alike. A public, service
 * or signed-out form page goes further: its modules load when the visitor first interacts with it
 * (decision 041, ./first-interaction.ts).
 *
 * React Router's `<Scripts>` writes a `modulepreload` link per module into the head and one inline
 * module script whose static imports run the app as soon as they arrive. On a slow phone those
 * ~130 KB share the connection with the stylesheet and the font; on a fast one the modules run,
 * and the page hydrates, before the first paint. Rewritten, the links go, and the module script
 * first waits for the first contentful paint (or the visitor's first interaction), then preloads
 * the same modules together (no waterfall) and imports them. Links and forms work before that: they are plain HTML.
 *
 * Fails safe: a page whose scripts do not have exactly the shape this knows is left as it is
 * (tests render real pages, so a React Router upgrade that changes the shape fails them).
 */

// React Router writes the nonce first on a script and last on a link.
const moduleScriptPattern = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/g;
const modulePreloadPattern = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const staticImportPattern = /^import \* as ([A-Za-z_$][\w$]*) from ("[^"]+");$/gm;

/**
 * Resolves at the first contentful paint (already past: at once; never reported within 3 s, or
 * not measurable in this browser: then too). PerformanceObserver is not a timer, so a test's fake
 * clock does not hold the page back. The islands pages' start (app/lib/islands/islands-scripts.tsx)
 * waits for it too.
 */
export const waitForFirstPaint = `await new Promise((resolve) => {
  const painted = (entries) => entries.some((entry) => entry.name === "first-contentful-paint");
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint") || painted(performance.getEntriesByType("paint"))) return resolve();
  new PerformanceObserver((list, observer) => { if (painted(list.getEntries())) { observer.disconnect(); resolve(); } }).observe({ type: "paint", buffered: true });
  setTimeout(resolve, 3000);
});`;

/**
 * Each route module's code runs in a task of its own, so starting the app is a few short tasks
 * rather than one long one a tap would wait behind. A message, not a timer: a test's fake clock
 * does not hold it.
 */
const yieldToBrowser = `const yieldToBrowser = () => new Promise((resolve) => { const channel = new MessageChannel(); channel.port1.onmessage = resolve; channel.port2.postMessage(null); });`;

/**
 * The rewritten script keeps the script's nonce, if it had one (a cached page's scripts are allowed
 * by hash instead); the preloads and imports it starts are same-origin, allowed by 'self'.
 */
export function paintBeforeScripts(html: string, { start = "paint" }: { start?: "paint" | "interaction" } = {}): string {
  const moduleScripts = [...html.matchAll(moduleScriptPattern)];
  const preloads = [...html.matchAll(modulePreloadPattern)].map((match) => match[1]!);
  if (moduleScripts.length !== 1 || preloads.length === 0) return html;
  const [script, nonceAttribute = "", body] = moduleScripts[0] as unknown as [string, string | undefined, string];
  if (!body.includes("window.__reactRouterRouteModules")) return html;

  const imports = [...body.matchAll(staticImportPattern)].map((match) => ({ name: match[1]!, from: match[2]! }));
  const rest = body.replace(staticImportPattern, "");
  // Anything imported another way (a side-effect import, a named import) is a shape this does not know.
  if (imports.length === 0 || /^\s*import[\s{*"']/m.test(rest)) return html;

  const rewritten = [
    `const modulePreloads = ${JSON.stringify(preloads)};`,
    `let preloaded = false;`,
    `const preload = () => { if (preloaded) return; preloaded = true; for (const href of modulePreloads) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href })); };`,
    ...(start === "interaction" ? [startOnFirstInteraction("document"), awaitFirstInteraction] : [waitForFirstPaint]),
    `preload();`,
    yieldToBrowser,
    ...imports.map((i) => `const ${i.name} = await import(${i.from});\nawait yieldToBrowser();`),
    rest.trim(),
  ].join("\n");

  return html.replace(modulePreloadPattern, "").replace(script, () => `<script${nonceAttribute} type="module" async="">${rewritten}</script>`);
}
