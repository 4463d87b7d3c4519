import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { accountLinks } from "~/content/navigation";

/**
 * Sign Out as a fetcher: success follows the server's redirect to /; a failure stays on the page with
 * the 'Sign Out Failed' toast. Without JavaScript it is a plain form post.
 */
export function SignOutButton({ size, className }: { size: "default" | "sm"; className?: string }) {
  const fetcher = useFetcher<{ ok: false; title: string; text: string }>();
  useEffect(() => {
    const failure = fetcher.state === "idle" ? fetcher.data : undefined;
    // The toast module (sonner) loads only when needed: the header is on every page's first load.
    if (failure && failure.ok === false) void import("~/components/ui/toast").then(({ toast }) => toast.error(failure.title, failure.text));
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action={accountLinks.signOutAction} className={className}>
      <Button type="submit" variant="ghost" size={size} className={className} loading={fetcher.state !== "idle"}>
        Sign Out
      </Button>
    </fetcher.Form>
  );
}
