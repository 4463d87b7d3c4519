import { deferredHydration } from "~/lib/deferred-hydration";

const serverFixerChat = import.meta.env.SSR ? (await import("./fixer-chat")).FixerChat : null;

/**
 * The signed-in chat with its advice library, in a chunk of its own (~/lib/deferred-hydration):
 * /fixer-ai's signed-out landing view (what most visitors see) does not download it (14 KB gzipped).
 */
export const DeferredFixerChat = deferredHydration(serverFixerChat, () => import("./fixer-chat").then((m) => m.FixerChat));
