import { useMemo, type ReactNode } from "react";
import { RoutingContext, type RootData } from "~/lib/routing";
import { createDocumentRouting } from "./document-routing";

/** An island's providers: the document's routing, the same on the server and in the browser. */
export function IslandRoot({ page, rootData, children }: { page: { pathname: string; search: string }; rootData: RootData | undefined; children: ReactNode }) {
  const routing = useMemo(() => createDocumentRouting(page, rootData), [page, rootData]);
  return <RoutingContext value={routing}>{children}</RoutingContext>;
}
