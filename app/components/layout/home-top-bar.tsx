import { ChevronDown, Menu } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "~/lib/routing";
import { homeMenuNav } from "~/content/navigation";
import { cn } from "~/lib/utils";
import { AccountActions } from "./account-actions";
import { Logo } from "./logo";

/**
 * The home page's own top bar (the site header is hidden on /): logo, a menu dropdown with the
 * header's items (without Professionals), and the account buttons. The dropdown is a disclosure
 * of links: Escape, an outside click or following a link closes it.
 */
export function HomeTopBar({ accountExtras }: { accountExtras?: ReactNode } = {}) {
  const location = useLocation();
  // Open for one location: following a link (or Back/Forward) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const locationId = `${location.key}${location.hash}`;
  const open = openAt === locationId;
  const setOpen = (next: boolean | ((o: boolean) => boolean)) =>
    setOpenAt((typeof next === "function" ? next(open) : next) ? locationId : null);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpenAt(null);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpenAt(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div className="relative z-30 mx-auto flex h-18 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
      <Logo />
      <nav aria-label="Main" ref={rootRef} className="relative ml-auto">
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-menu`}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md px-3 font-medium text-foreground hover:bg-white/70"
        >
          <Menu aria-hidden="true" className="size-5" />
          Menu
          <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
        </button>
        <ul
          id={`${id}-menu`}
          hidden={!open}
          className="absolute right-0 mt-2 w-60 rounded-xl border border-border bg-popover p-1.5 shadow-overlay"
        >
          {homeMenuNav.map((link) => (
            <li key={link.href}>
              <Link
                to={link.href}
                onClick={() => setOpen(false)}
                className="flex min-h-11 items-center rounded-md px-3 text-sm font-medium hover:bg-muted"
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-border pt-2 sm:hidden">
            <AccountActions stacked onNavigate={() => setOpen(false)} />
          </li>
        </ul>
      </nav>
      {accountExtras}
      <AccountActions showFrom="sm" />
    </div>
  );
}
