import { lazy, Suspense } from "react";
import { settledModule } from "~/lib/settled-module";
import type * as FixerChatExports from "./fixer-chat";

type FixerChatModule = typeof FixerChatExports;

// On the server the module is loaded up front, so the chat renders into a member's HTML in the same
// pass (no streamed fallback); in the browser it is its own chunk.
const serverModule: FixerChatModule | null = import.meta.env.SSR ? await import("./fixer-chat") : null;

const FixerChat = lazy(() =>
  serverModule ? settledModule({ default: serverModule.FixerChat }) : import("./fixer-chat").then((m) => ({ default: m.FixerChat })),
);

/**
 * The signed-in chat with its advice library, in a chunk of its own: /fixer-ai's signed-out landing
 * view (what most visitors see) does not download it (14 KB gzipped).
 */
export function DeferredFixerChat() {
  return (
    <Suspense fallback={null}>
      <FixerChat />
    </Suspense>
  );
}
