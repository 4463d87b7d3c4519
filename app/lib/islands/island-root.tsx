import { useEffect, useMemo, type ReactNode } from "react";
import { RoutingContext, type RootData } from "~/lib/routing";
import { createDocumentRouting } from "./document-routing";

type IslandRootProps = {
  page: { pathname: string; search: string };
  rootData: RootData | undefined;
  /** Called once the island has hydrated: its children's effects have run (they run before a parent's). */
  onHydrated?: () => void;
  children: ReactNode;
};

/** An island's providers: the document's routing, the same on the server and in the browser. */
export function IslandRoot({ page, rootData, onHydrated, children }: IslandRootProps) {
  const routing = useMemo(() => createDocumentRouting(page, rootData), [page, rootData]);
  useEffect(() => onHydrated?.(), [onHydrated]);
  return <RoutingContext value={routing}>{children}</RoutingContext>;
}
