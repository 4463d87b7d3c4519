import { Menu } from "lucide-react";
import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { headerNav } from "~/content/navigation";
import { cn } from "~/lib/utils";
import { AccountActions } from "./account-actions";
import { BackButton } from "./back-button";
import { Logo } from "./logo";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-md px-2.5 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted xl:px-3",
    isActive ? "text-primary" : "text-muted-foreground hover:text-foreground",
  );

/**
 * The site header on every page but / (spec §2.5): sticky, so the logo stays visible on scroll;
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
        <AccountActions showFrom="lg" className="ml-3" />
        <MobileMenu />
      </div>
    </header>
  );
}

/** Below lg: a toggle opening the navigation in a sheet (focus trapped, Escape closes, closes on navigation). */
function MobileMenu() {
  const location = useLocation();
  // Open for one history entry: any navigation (a link, Back/Forward) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean) => setOpenAt(next ? location.key : null);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="ml-auto lg:hidden">
          <Menu aria-hidden="true" className="size-6" />
          <span className="sr-only">Open menu</span>
        </Button>
      </SheetTrigger>
      <SheetContent side="right" closeLabel="Close menu">
        <SheetHeader>
          <SheetTitle asChild>
            <h2>Menu</h2>
          </SheetTitle>
          <SheetDescription>Find your way around FixiT.</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main">
          <ul className="flex flex-col">
            {headerNav.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  onClick={() => setOpen(false)}
                  className="flex min-h-12 items-center rounded-md px-3 text-base font-medium hover:bg-muted"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <SheetFooter>
          <AccountActions stacked onNavigate={() => setOpen(false)} />
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
