import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "~/lib/routing";
import { Button } from "~/components/ui/button";
import { headerNav } from "~/content/navigation";
import { cn } from "~/lib/utils";
import { AccountActions, useSessionUser } from "./account-actions";
import { BackButton } from "./back-button";
import { Logo } from "./logo";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-md px-2.5 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted xl:px-3",
    isActive ? "text-primary" : "text-muted-foreground hover:text-foreground",
  );

const isHomeSection = (href: string) => href.startsWith("/#");

/**
 * The site header on every page but / (the home page has its own hero): sticky, so the logo stays visible on scroll;
 * a Back button; the main navigation from lg up and a sheet menu below it.
 */
export function Header({ accountExtras }: { accountExtras?: ReactNode } = {}) {
  const signedIn = useSessionUser() !== null;
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo />
        <BackButton className="ml-1" />
        <nav aria-label="Main" className="ml-auto hidden lg:block">
          <ul className="flex items-center">
            {headerNav.map((link) => (
              // A signed-in person's bar also holds Messages, the bell and their account buttons: the home
              // page's section links (Features, Professionals, Testimonials) wait for 2xl there (decision 051).
              <li key={link.href} className={signedIn && isHomeSection(link.href) ? "hidden 2xl:block" : undefined}>
                <NavLink to={link.href} className={navLinkClass} end>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* A signed-in person's live buttons (Messages and the bell; the layout passes them: components import no feature). */}
        {accountExtras}
        <AccountActions showFrom="lg" className="ml-3" />
        <MobileMenu />
      </div>
    </header>
  );
}

/**
 * Below lg: a toggle opening the navigation in a sheet. The sheet is a popover (HTML's `popover`,
 * opened by the toggle's `popovertarget`): the browser opens it, closes it on Escape or a tap
 * outside, and returns the focus, with or without script, so the first tap on a phone answers at
 * once, before React has loaded (decision 041). React renders it, and closes it on a navigation
 * within the app (a React Router page keeps the document).
 */
function MobileMenu() {
  const location = useLocation();
  const id = useId();
  const sheetId = `${id}-menu`;
  const titleId = `${id}-menu-title`;
  const sheetRef = useRef<HTMLDivElement>(null);
  const close = () => {
    const sheet = sheetRef.current;
    // A browser without popovers has no `:popover-open` to ask for (matches would throw).
    if (sheet && "hidePopover" in sheet && sheet.matches(":popover-open")) sheet.hidePopover();
  };
  useEffect(() => close, [location.key]);
  return (
    <>
      <Button variant="ghost" size="icon" className="ml-auto lg:hidden" popoverTarget={sheetId}>
        <Menu aria-hidden="true" className="size-6" />
        <span className="sr-only">Open menu</span>
      </Button>
      <div
        ref={sheetRef}
        id={sheetId}
        popover="auto"
        role="dialog"
        aria-labelledby={titleId}
        className="inset-y-0 right-0 left-auto m-0 h-full w-[min(22rem,88vw)] flex-col gap-4 border-l border-border bg-background p-5 text-foreground shadow-overlay backdrop:bg-overlay open:flex open:animate-slide-in-right sm:p-6"
      >
        <div className="flex flex-col gap-1.5 pr-10">
          <h2 id={titleId} className="text-h4 font-semibold">
            Menu
          </h2>
          <p className="text-small text-muted-foreground">Find your way around FixiT.</p>
        </div>
        <nav aria-label="Main">
          <ul className="flex flex-col">
            {headerNav.map((link) => (
              <li key={link.href}>
                <Link to={link.href} onClick={close} className="flex min-h-12 items-center rounded-md px-3 text-base font-medium hover:bg-muted">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto flex flex-col gap-2">
          <AccountActions stacked onNavigate={close} />
        </div>
        <Button variant="ghost" size="icon" className="absolute top-2 right-2" popoverTarget={sheetId} popoverTargetAction="hide">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close menu</span>
        </Button>
      </div>
    </>
  );
}
