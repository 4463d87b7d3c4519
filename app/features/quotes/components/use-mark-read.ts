import { useEffect, useRef } from "react";
import { useFetcher, useNavigation } from "react-router";

/** The last message of each thread a page shows: what "mark read" and a reply's `readUpTo` name. */
export const lastShownIds = (threads: readonly (readonly { id: number }[])[]): number[] => threads.flatMap((messages) => (messages.length ? [messages.at(-1)!.id] : []));

/**
 * Marks what a job page shows read (decision 090), from the page's script, never from its loader
 * (React Router may run a loader for a prefetch nobody sees): once the page's data is on screen in a
 * visible tab, a POST `mark_read` with the last message shown of each thread, `seen=page` (the
 * notifications pointing at the page are read too); again for each message that arrives live while
 * the tab is visible, `seen=messages`. A hidden tab waits until it is shown, and so does a page
 * whose form is being sent: the POST's revalidation runs the root's loader, which would take the
 * flash cookie the form's redirect sets (the reply's own message arrives live before that redirect
 * is followed) and the "Message sent" toast would never show. Once the redirect's page has loaded,
 * its data is new, and the page is marked read then.
 */
export function useMarkShownRead(lastShown: readonly number[], pageData: unknown): void {
  const fetcher = useFetcher();
  const navigating = useNavigation().state !== "idle";
  const posted = useRef<{ key: string; pageData: unknown } | null>(null);
  const key = lastShown.join(",");
  useEffect(() => {
    if (navigating) return;
    const seen = posted.current?.pageData === pageData ? "messages" : "page";
    if (seen === "messages" && posted.current?.key === key) return;
    const send = () => {
      if (document.visibilityState !== "visible") return false;
      posted.current = { key, pageData };
      const form = new FormData();
      form.set("intent", "mark_read");
      form.set("seen", seen);
      for (const id of lastShown) form.append("message", String(id));
      void fetcher.submit(form, { method: "post" });
      return true;
    };
    if (send()) return;
    const onVisible = () => void (send() && document.removeEventListener("visibilitychange", onVisible));
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
    // `lastShown` is read through `key`; `fetcher` changes with every submission.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pageData, navigating]);
}
