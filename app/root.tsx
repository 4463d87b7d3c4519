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
import { clearedNoticeCookie, readNotice, siteNotices, type SiteNoticeKey } from "~/lib/notice-cookie";
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
 * A one-read notice cookie (~/lib/notice-cookie) is passed on once and cleared.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user: SessionUser | null = await getOptionalUser(request, context);
  const consentChosen = hasConsentCookie(request.headers.get("cookie"));
  const { APP_STORE_URL, PLAY_STORE_URL } = context.services.config;
  const appStores: AppStoreLinks = { appStore: APP_STORE_URL, googlePlay: PLAY_STORE_URL };
  const notice: SiteNoticeKey | null = readNotice(request);
  if (!notice) return { user, notice, appStores, consentChosen };
  return data({ user, notice, appStores, consentChosen }, { headers: { "set-cookie": clearedNoticeCookie, "cache-control": "private, no-store" } });
}

/** A page carrying a one-read notice is never stored by a cache (pages with their own headers keep theirs). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("cache-control");
  return cacheControl ? { "cache-control": cacheControl } : new Headers();
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
  const notice = loaderData?.notice ?? null;
  useEffect(() => {
    if (!notice) return;
    // Loaded only when there is something to say, so the toast library stays out of the first load.
    void import("~/components/ui/toast").then(({ toast }) => toast.success(siteNotices[notice].title));
  }, [notice]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPanel />;
}
