import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { useSessionUser } from "~/components/layout/account-actions";
import { Button } from "~/components/ui/button";

/** On My Account, for staff and admins only: the way into the staff console (the console checks the role itself). */
export function StaffConsoleLink() {
  const user = useSessionUser();
  if (user?.role !== "staff" && user?.role !== "admin") return null;
  return (
    <section
      id="staff-console"
      aria-labelledby="staff-console-heading"
      className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-secondary p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-primary" />
      <div className="flex flex-col gap-0.5">
        <h2 id="staff-console-heading" className="font-semibold">
          Staff console
        </h2>
        <p className="text-sm text-muted-foreground">You are {user.role === "admin" ? "an admin" : "staff"}: review fixers, read inquiries and manage the site.</p>
      </div>
      <Button asChild className="sm:ml-auto">
        <Link to="/staff">Open the staff console</Link>
      </Button>
    </section>
  );
}
