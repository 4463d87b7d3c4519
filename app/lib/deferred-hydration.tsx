import { lazy, Suspense, type ComponentType } from "react";
import { settledModule } from "./settled-module";

/**
 * A server-rendered component that the browser hydrates from its own chunk: the visitor sees (and
 * can use as plain HTML: links, a form's POST) the server's markup at once, and React hydrates it
 * when the chunk arrives, fetched as the page's hydration starts. For what is below the fold, so
 * it stays out of a page's first-load JavaScript.
 *
 * `serverComponent` is the component itself on the server (imported up front by the caller with
 * `import.meta.env.SSR ? await import(...) : null`, so the bundler still splits it for the
 * browser) and null in the browser; React.lazy then gets an already-settled thenable and renders it
 * in the same pass, with no streamed fallback. `load` imports it in the browser.
 */
export function deferredHydration<P extends object>(serverComponent: ComponentType<P> | null, load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(() => (serverComponent ? settledModule({ default: serverComponent }) : load().then((component) => ({ default: component }))));
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
