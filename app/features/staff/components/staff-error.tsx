import { ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Footer } from "~/components/layout/footer";
import { openCookiePreferences } from "~/features/consent/consent-store";
import { Header } from "~/components/layout/header";
import { Button } from "~/components/ui/button";
import { ErrorPanel } from "~/components/error-panel";
import type { StaffDenial } from "~/features/staff/guard.server";
import { staffMessages } from "~/features/staff/messages";

function denialOf(error: unknown): StaffDenial["denied"] | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  return (error.data as Partial<StaffDenial> | null)?.denied === "admin-only" ? "admin-only" : "not-staff";
}

function Denied({ denied }: { denied: StaffDenial["denied"] }) {
  const message = denied === "admin-only" ? staffMessages.adminOnly : staffMessages.forbidden;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-bold sm:text-3xl">{message.title}</h1>
      <p className="text-muted-foreground">{message.text}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {denied === "admin-only" ? (
          <Button asChild>
            <Link to="/staff">Back to the dashboard</Link>
          </Button>
        ) : (
          <>
            <Button asChild>
              <Link to="/account">Go to My Account</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">Back to the home page</Link>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

function Missing() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{staffMessages.notFound.title}</h1>
      <p className="text-muted-foreground">{staffMessages.notFound.text}</p>
      <Button asChild variant="outline">
        <Link to="/staff">Back to the dashboard</Link>
      </Button>
    </div>
  );
}

/** For the console's pages: shown inside the console's frame (admins-only pages, missing records, failures). */
export function StaffRouteError() {
  const error = useRouteError();
  const denied = denialOf(error);
  if (denied) return <Denied denied={denied} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <Missing />;
  return (
    <div role="alert" className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">We encountered an unexpected error. Please try refreshing the page.</p>
    </div>
  );
}

/** For the console's layout: a signed-in account without the staff role gets the site's frame and a 403 page. */
export function StaffLayoutError() {
  const error = useRouteError();
  const denied = denialOf(error);
  if (!denied) return <ErrorPanel />;
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        <Denied denied={denied} />
      </main>
      <Footer onCookieSettings={openCookiePreferences} />
    </>
  );
}
