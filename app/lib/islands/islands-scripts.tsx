import islandsChunks from "virtual:fixit/islands-chunks";
import { awaitFirstInteraction, startOnFirstInteraction } from "#server/http/first-interaction.ts";
import type { RootData } from "~/lib/routing";
import { islandsRootDataId } from "./islands";

/** Whether this server can serve islands pages: a production build, whose client build listed their chunks. */
export const islandsAvailable = import.meta.env.PROD && islandsChunks !== null;

/**
 * An islands page's scripts, in place of React Router's: the root loader's data for the islands
 * (JSON, not a script), then, once the visitor first reaches for an island (decision 041), the
 * entry and the chunks of the islands this page holds (preloaded together, no waterfall; the lists
 * come from the client build). A visitor reaching for the site search first gets its answer before
 * React (app/features/search/search-before-react.client.ts).
 */
export function IslandsScripts({ rootData, nonce }: { rootData: RootData; nonce: string | undefined }) {
  const { entry, preloads, islands, searchBeforeReact } = islandsChunks!;
  const json = JSON.stringify(rootData).replace(/</g, "\\u003c");
  const boot = [
    `const islands = ${JSON.stringify(islands)};`,
    `const islandsPreloads = ${JSON.stringify(preloads)};`,
    `const onThisPage = [...document.querySelectorAll("[data-island]")].flatMap((island) => islands[island.dataset.island] ?? []);`,
    `let preloaded = false;`,
    `const preload = () => { if (preloaded) return; preloaded = true; for (const href of new Set([...islandsPreloads, ...onThisPage])) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href })); };`,
    // A visitor reaching for the site search gets its answer before React (decision 041): that small
    // module first, so that React's evaluation does not hold back the results of the first letter.
    `const searchBeforeReact = ${JSON.stringify(searchBeforeReact)};`,
    `let searchStarted;`,
    `const startSearch = () => searchStarted ??= (searchBeforeReact.preloads.forEach((href) => document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }))), import(searchBeforeReact.entry).catch(() => {}));`,
    `for (const type of ["pointerdown", "focusin"]) document.addEventListener(type, (event) => { if (event.target instanceof Element && event.target.closest("[data-site-search]")) startSearch(); }, { capture: true, passive: true });`,
    `if (document.activeElement?.closest("[data-site-search]")) startSearch();`,
    startOnFirstInteraction("islands"),
    awaitFirstInteraction,
    // While the visitor types into it, the search answers without React: React, whose evaluation
    // would hold the next letters back, loads once the typing pauses.
    `if (searchStarted) { await searchStarted; await new Promise((resolve) => { let timer; const types = ["keydown", "input"]; const done = () => { for (const type of types) document.removeEventListener(type, typing, true); resolve(); }; const typing = () => { clearTimeout(timer); timer = setTimeout(done, 800); }; for (const type of types) document.addEventListener(type, typing, true); typing(); }); }`,
    `preload();`,
    `import(${JSON.stringify(entry)});`,
  ].join("\n");
  return (
    <>
      <script id={islandsRootDataId} type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
      <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: boot }} />
    </>
  );
}

