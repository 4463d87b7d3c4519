import { useEffect } from "react";
import { Link, useLocation } from "~/lib/routing";

/** The 404 page. Inside the site layout (which has the <main>) it renders without a landmark of its own. */
export function NotFound({ landmark = true }: { landmark?: boolean }) {
  const Wrapper = landmark ? "main" : "div";
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <Wrapper className="flex min-h-[70dvh] items-center justify-center p-6">
      <div className="text-center">
        <h1 className="text-6xl font-bold tracking-tight text-foreground">404</h1>
        <p className="mt-4 text-xl text-muted-foreground">Oops! Page not found</p>
        <Link
          to="/"
          className="mt-6 inline-block font-medium text-primary underline underline-offset-4 hover:text-primary/80"
        >
          Return to Home
        </Link>
      </div>
    </Wrapper>
  );
}
