import { use, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { useLocation, useRootData } from "~/lib/routing";
import { IslandsPageContext, islandIdPrefix, type IslandName } from "./islands";
import { IslandRoot } from "./island-root";

/** An <Island> as the server renders it: on an islands page, its content is a React root of its own. */
export function ServerIsland({ name, children }: { name: IslandName; children: ReactNode }) {
  const islandsPage = use(IslandsPageContext);
  const { pathname, search } = useLocation();
  const rootData = useRootData();
  if (!islandsPage) {
    return (
      <div data-island={name} className="contents">
        {children}
      </div>
    );
  }
  const html = renderToString(
    <IslandRoot page={{ pathname, search }} rootData={rootData}>
      {children}
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(name) },
  );
  return <div data-island={name} className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
