import { useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => {
  window.addEventListener("load", onChange);
  return () => window.removeEventListener("load", onChange);
};

/**
 * False in the server HTML, during hydration and until the window's load event; true afterwards.
 * Widgets nobody needs for the first screen (chat bubble, VIP card, toaster) wait for it, so
 * their code and work never compete with the page's own loading and hydration.
 */
export function useAfterLoad(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.readyState === "complete",
    () => false,
  );
}
