import { lazy, Suspense } from "react";
import { settledModule } from "~/lib/settled-module";
import type * as BelowFoldExports from "./below-fold";

type BelowFoldModule = typeof BelowFoldExports;

// On the server the module is loaded up front and handed to React.lazy as an already-settled
// thenable, so the sections render into the HTML in the same pass (no streamed fallback).
const serverModule: BelowFoldModule | null = import.meta.env.SSR ? await import("./below-fold") : null;

const BelowFold = lazy(() => (serverModule ? settledModule(serverModule) : import("./below-fold")));

/**
 * The home page's sections below the hero, hydrated from their own chunk: the browser shows the
 * server HTML at once, and React hydrates this Suspense boundary when the chunk arrives (fetched
 * as hydration starts). This keeps the hero's first-load JavaScript small.
 */
export function DeferredBelowFold() {
  return (
    <Suspense fallback={null}>
      <BelowFold />
    </Suspense>
  );
}
