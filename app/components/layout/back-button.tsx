import { ArrowLeft } from "lucide-react";
import type { MouseEvent } from "react";
import { useNavigate } from "~/lib/routing";
import { Button } from "~/components/ui/button";

/**
 * Goes back in history when the visitor reached this page from another page of this site,
 * otherwise to the home page — never off-site. The router numbers its history entries
 * (history.state.idx): 0 is the page the visit started on, and the number survives a reload. A
 * page served as islands (decision 031) has no router, and a link to or from one loads a new
 * document: there the referrer tells whether the previous entry is a page of this site.
 *
 * It is a link to / with the history logic on top, not a button: without the page's script (a
 * failed chunk, JavaScript off) a tap still goes somewhere sensible, the home page, where a button
 * with only a click handler did nothing. With JavaScript, a tap before the script has loaded is
 * held until this link has hydrated and then replayed (`data-hold-click`, decision 041), so that it
 * goes back, as after.
 */
export function BackButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (Ctrl, Cmd, Shift, middle button) opens the home page, as the link says.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0 || cameFromThisSite()) void navigate(-1);
    else void navigate("/");
  };
  return (
    <Button asChild variant="muted" size="sm" className={className}>
      <a href="/" data-hold-click="" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        Back
      </a>
    </Button>
  );
}

function cameFromThisSite(): boolean {
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
