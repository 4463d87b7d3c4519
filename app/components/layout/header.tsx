import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { NavLink, useLocation } from "~/lib/routing";
import { Button } from "~/components/ui/button";
import { headerNav } from "~/content/navigation";
import { cn } from "~/lib/utils";
import { AccountActions, NotificationsBellSlot } from "./account-actions";
import { BackButton } from "./back-button";
import { Logo } from "./logo";

const loadMobileMenuSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(loadMobileMenuSheet);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-md px-2.5 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted xl:px-3",
    isActive ? "text-primary" : "text-muted-foreground hover:text-foreground",
  );

/**
 * The site header on every page but / (the home page has its own hero): sticky, so the logo stays visible on scroll;
 * a Back button; the main navigation from lg up and a sheet menu below it.
 */
export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo />
        <BackButton className="ml-1" />
        <nav aria-label="Main" className="ml-auto hidden lg:block">
          <ul className="flex items-center">
            {headerNav.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} className={navLinkClass} end>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <NotificationsBellSlot className="order-last lg:order-none lg:ml-2" />
        <AccountActions showFrom="lg" className="ml-3" />
        <MobileMenu />
      </div>
    </header>
  );
}

/**
 * Below lg: a toggle opening the navigation in a sheet (focus trapped, Escape closes, closes on
 * navigation). The sheet and its Radix dialog load when the visitor reaches for the toggle, not with
 * the page: most visitors never open it, and it would cost every page 10 KB gzipped of first-load JS.
 */
function MobileMenu() {
  const location = useLocation();
  // Open for one history entry: any navigation (a link, Back/Forward) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const open = openAt === location.key;
  const setOpen = (next: boolean) => setOpenAt(next ? location.key : null);
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      className="ml-auto lg:hidden"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={loadMobileMenuSheet}
      onFocus={loadMobileMenuSheet}
      onClick={() => {
        setLoaded(true);
        setOpen(true);
      }}
    >
      <Menu aria-hidden="true" className="size-6" />
      <span className="sr-only">Open menu</span>
    </Button>
  );
  if (!loaded) return trigger;
  return (
    <Suspense fallback={trigger}>
      <MobileMenuSheet open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
