import { useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import type { AppStoreLinks } from "~/content/app-stores";
import type { SessionUser } from "~/lib/session-user";
import { getOptionalUser } from "~/features/auth/guard.server";
import { ErrorPanel } from "~/components/error-panel";
import { NotFound } from "~/components/not-found";
import { useNonce } from "~/lib/nonce";
import { SiteWidgets } from "~/features/consent/components/site-widgets";
import { fontPreloadHref } from "~/lib/fonts";
import { takeFlash } from "~/lib/flash.server";
import { hasConsentCookie } from "~/features/consent/consent";
import stylesheetHref from "./app.css?url";

export const links: Route.LinksFunction = () => [
  // `precedence` makes it a React stylesheet resource: emitted first in <head>, before the
  // modulepreloads React hoists from <Scripts>, so the first paint does not wait behind them.
  { rel: "stylesheet", href: stylesheetHref, precedence: "default" } as Route.LinkDescriptors[number],
  { rel: "preload", href: fontPreloadHref, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The signed-in user for the header's first paint, and whether the visitor has made a cookie choice
 * (the banner is server-rendered when not). A visitor without a session cookie costs no database
 * query (getOptionalUser reads the session only when the cookie is there).
 * A flash (~/lib/flash.server) is passed on once and cleared.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.services;
  const user: SessionUser | null = await getOptionalUser(request, context);
  const consentChosen = hasConsentCookie(request.headers.get("cookie"));
  const appStores: AppStoreLinks = { appStore: config.APP_STORE_URL, googlePlay: config.PLAY_STORE_URL };
  const { flash, clear } = takeFlash(request, config);
  if (!clear) return { user, flash, appStores, consentChosen };
  // Clearing the cookie also makes the response private, no-store (entry.server.tsx).
  return data({ user, flash, appStores, consentChosen }, { headers: { "set-cookie": clear } });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Undefined when the root loader failed (error page): then the banner waits for the browser's stored choice.
  const rootData = useRouteLoaderData<typeof loader>("root");
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
        <SiteWidgets consentChosen={rootData?.consentChosen ?? true} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const flash = loaderData?.flash ?? null;
  useEffect(() => {
    if (!flash) return;
    // Loaded only when there is something to say, so the toast library stays out of the first load.
    void import("~/components/ui/toast").then(({ toast }) => {
      if (flash.kind === "error") toast.error(flash.title, flash.text || undefined);
      else toast.success(flash.title, flash.text || undefined);
    });
  }, [flash]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPanel />;
}
