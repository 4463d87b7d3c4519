import type { ReactNode } from "react";
import type { IslandName } from "./islands";

// On the server only (the browser bundle drops it): an island's HTML, rendered as a root of its own.
const serverIsland = import.meta.env.SSR ? await import("./server-island") : null;

/**
 * A part of the page that can hydrate on its own (decision 031). On a page the router hydrates, it
 * is a wrapper without a box. On an islands page the server renders its content as a separate
 * React root, exactly as the browser will hydrate it (./server-island.tsx). `children` must be what
 * app/islands.client.tsx renders for `name`.
 */
export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  if (serverIsland) return <serverIsland.ServerIsland name={name}>{children}</serverIsland.ServerIsland>;
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
