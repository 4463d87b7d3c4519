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
 * come from the client build).
 */
export function IslandsScripts({ rootData, nonce }: { rootData: RootData; nonce: string | undefined }) {
  const { entry, preloads, islands } = islandsChunks!;
  const json = JSON.stringify(rootData).replace(/</g, "\\u003c");
  const boot = [
    `const islands = ${JSON.stringify(islands)};`,
    `const islandsPreloads = ${JSON.stringify(preloads)};`,
    `const onThisPage = [...document.querySelectorAll("[data-island]")].flatMap((island) => islands[island.dataset.island] ?? []);`,
    `let preloaded = false;`,
    `const preload = () => { if (preloaded) return; preloaded = true; for (const href of new Set([...islandsPreloads, ...onThisPage])) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href })); };`,
    startOnFirstInteraction("islands"),
    awaitFirstInteraction,
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

