import { ArrowLeft } from "lucide-react";
import { useNavigate } from "~/lib/routing";
import { Button } from "~/components/ui/button";

/**
 * Goes back in history when the visitor reached this page from another page of this site,
 * otherwise to the home page — never off-site. The router numbers its history entries
 * (history.state.idx): 0 is the page the visit started on, and the number survives a reload.
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
        if (idx > 0) void navigate(-1);
        else void navigate("/");
      }}
    >
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
  );
}
