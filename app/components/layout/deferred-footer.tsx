import { deferredHydration } from "~/lib/deferred-hydration";

// On the server, the footer rendered once per process (./server-footer.tsx, decision 091).
const serverFooter = import.meta.env.SSR ? (await import("./server-footer")).ServerFooter : null;

/** The site footer, below the fold on every page: hydrated from its own chunk (~/lib/deferred-hydration). */
export const DeferredFooter = deferredHydration(serverFooter, () => import("./footer").then((m) => m.Footer));
