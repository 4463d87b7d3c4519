import { Link } from "~/lib/routing";
import { cn } from "~/lib/utils";

/** The FixiT mark and wordmark, linking home. `tone="light"` for dark backgrounds. */
export function Logo({ className, tone = "dark" }: { className?: string; tone?: "dark" | "light" }) {
  return (
    <Link
      to="/"
      className={cn("inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md font-extrabold tracking-tight", className)}
    >
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32" className="shrink-0">
        <rect width="32" height="32" rx="9" fill={tone === "light" ? "#ffffff" : "#1a56db"} />
        <path d="M9 8h14v4h-9v3h8v4h-8v5H9z" fill={tone === "light" ? "#1a56db" : "#ffffff"} />
        <circle cx="24.5" cy="22.5" r="2.5" fill="#f59e0b" />
      </svg>
      <span className={cn("text-xl", tone === "light" ? "text-white" : "text-foreground")}>
        Fixi<span className={tone === "light" ? "text-amber-300" : "text-primary"}>T</span>
      </span>
      <span className="sr-only">, home</span>
    </Link>
  );
}
