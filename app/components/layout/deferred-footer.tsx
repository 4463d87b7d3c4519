import { deferredHydration } from "~/lib/deferred-hydration";

const serverFooter = import.meta.env.SSR ? (await import("./footer")).Footer : null;

/** The site footer, below the fold on every page: hydrated from its own chunk (~/lib/deferred-hydration). */
export const DeferredFooter = deferredHydration(serverFooter, () => import("./footer").then((m) => m.Footer));
