import { deferredHydration } from "~/lib/deferred-hydration";

const serverJobCards = import.meta.env.SSR ? (await import("./job-cards")).JobCards : null;

/**
 * /careers' job cards, hydrated from their own chunk (~/lib/deferred-hydration): most of the page's
 * markup, and until then plain HTML whose Apply links work as links. Hydrating them with the rest
 * of the page was its longest start-up task.
 */
export const DeferredJobCards = deferredHydration(serverJobCards, () => import("./job-cards").then((m) => m.JobCards));
