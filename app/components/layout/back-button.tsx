import { ArrowLeft } from "lucide-react";
import { useNavigate } from "~/lib/routing";
import { Button } from "~/components/ui/button";

/**
 * Goes back in history when the visitor reached this page from another page of this site,
 * otherwise to the home page — never off-site. The router numbers its history entries
 * (history.state.idx): 0 is the page the visit started on, and the number survives a reload. A
 * page served as islands (decision 031) has no router, and a link to or from one loads a new
 * document: there the referrer tells whether the previous entry is a page of this site.
 */
export function BackButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="muted"
      size="sm"
      className={className}
      onClick={() => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0 || cameFromThisSite()) void navigate(-1);
        else void navigate("/");
      }}
    >
      <ArrowLeft aria-hidden="true" />
      Back
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
