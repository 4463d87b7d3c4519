import { DeferredChatWidget, DeferredVipHoverCard } from "~/features/assistant/components/deferred-chat-widget";

/** The home page's floating widgets (the VIP pill and the assistant bubble): nothing until the page has loaded. */
export function HomeWidgets() {
  return (
    <>
      <DeferredVipHoverCard />
      <DeferredChatWidget />
    </>
  );
}
