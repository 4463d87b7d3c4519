import { deferredHydration } from "~/lib/deferred-hydration";

const serverBelowFold = import.meta.env.SSR ? (await import("./below-fold")).default : null;

/**
 * The home page's sections below the hero, hydrated from their own chunk (~/lib/deferred-hydration):
 * the browser shows the server HTML at once, and React hydrates them when the chunk arrives. This
 * keeps the hero's first-load JavaScript small.
 */
export const DeferredBelowFold = deferredHydration(serverBelowFold, () => import("./below-fold").then((m) => m.default));
