import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import type { SessionUser } from "~/features/auth/session-user";
import { getOptionalUser } from "~/features/auth/guard.server";
import { ErrorPanel } from "~/components/error-panel";
import { NotFound } from "~/components/not-found";
import { useNonce } from "~/lib/nonce";
import { SiteWidgets } from "~/components/widgets/site-widgets";
import { fontPreloadHref } from "~/lib/fonts";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: fontPreloadHref, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The signed-in user for the header's first paint. A visitor without a session cookie
 * costs no database query (getOptionalUser reads the session only when the cookie is there).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ user: SessionUser | null }> {
  return { user: await getOptionalUser(request, context) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1a56db" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        {children}
        <SiteWidgets />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPanel />;
}
