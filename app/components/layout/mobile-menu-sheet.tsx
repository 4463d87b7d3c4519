import { Menu } from "lucide-react";
import { Link } from "~/lib/routing";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { headerNav } from "~/content/navigation";
import { AccountActions } from "./account-actions";

/** The phone navigation: loaded by the header's menu toggle on first use. */
export default function MobileMenuSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
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
                  onClick={() => onOpenChange(false)}
                  className="flex min-h-12 items-center rounded-md px-3 text-base font-medium hover:bg-muted"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <SheetFooter>
          <AccountActions stacked onNavigate={() => onOpenChange(false)} />
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
