import { quotePaths } from "~/features/quotes/paths";
import { useEffect } from "react";
import {
  data,
  useActionData,
  useFetcher,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import type { AppStoreLinks } from "~/content/app-stores";
import type { SessionUser } from "~/lib/session-user";
import { getSignedIn } from "~/features/auth/guard.server";
import { ErrorPanel } from "~/components/error-panel";
import { NotFound } from "~/components/not-found";
import { useNonce } from "~/lib/nonce";
import { SiteWidgets } from "~/features/consent/components/site-widgets";
import { fontPreloadHref } from "~/lib/fonts";
import { takeFlash } from "~/lib/flash.server";
import { hasConsentCookie } from "~/features/consent/consent";
import { Island } from "~/lib/islands/island";
import { IslandsPageContext } from "~/lib/islands/islands";
import { figurePaths } from "~/content/figures";
import { recentSiteFigures } from "~/features/home/figures.server";
import { countUnread, unreadMessageCount } from "~/features/notifications/notifications.server";
import { RoutingContext, type RootData, type Routing } from "~/lib/routing";
import stylesheetHref from "./app.css?url";

// Only the server writes an islands page; the browser bundle drops this.
const islandsScripts = import.meta.env.SSR ? await import("~/lib/islands/islands-scripts") : null;
// The installable app's inline script (decision 073): written by the server only. In the browser the
// element hydrates with an empty string, which React does not compare and never writes (the script ran
// already and is never rendered anew), so its bytes stay out of every page's bundle.
const appScript = import.meta.env.SSR ? (await import("~/features/pwa/register-script")).registerScript : "";

export const links: Route.LinksFunction = () => [
  // `precedence` makes it a React stylesheet resource: emitted first in <head>, before the
  // modulepreloads React hoists from <Scripts>, so the first paint does not wait behind them.
  { rel: "stylesheet", href: stylesheetHref, precedence: "default" } as Route.LinkDescriptors[number],
  { rel: "preload", href: fontPreloadHref, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable app (decision 073): its manifest and the iPhone's home-screen icon.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/**
 * The signed-in user for the header's first paint, and whether the visitor has made a cookie choice
 * (the banner is server-rendered when not). A visitor without a session cookie costs no database
 * query (getOptionalUser reads the session only when the cookie is there).
 * A flash (~/lib/flash.server) is passed on once and cleared.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.services;
  const signedIn = await getSignedIn(request, context);
  const user: SessionUser | null = signedIn?.user ?? null;
  const consentChosen = hasConsentCookie(request.headers.get("cookie"));
  const appStores: AppStoreLinks = { appStore: config.APP_STORE_URL, googlePlay: config.PLAY_STORE_URL };
  const { flash, clear } = await takeFlash(request, config);
  // The pages with figures (/ and /about) show a count made at most 5 minutes ago in this process (decision 043).
  const figures = figurePaths.has(new URL(request.url).pathname) ? await recentSiteFigures(context.services.db) : null;
  // The header's counts are stored counters (decision 071), usually read with the session in its one query.
  const unreadMessages = user ? (signedIn?.unread?.messages ?? (await unreadMessageCount(context.services.db, user.id))) : undefined;
  // Where the header's Messages button leads (the loader's import stays on the server).
  const threadsHref = user ? (user.approvedFixer ? quotePaths.fixerDashboard : quotePaths.customerJobs) : undefined;
  // The header's bell, for a signed-in visitor only.
  const unreadNotifications = user ? (signedIn?.unread?.notifications ?? (await countUnread(context.services.db, user.id))) : 0;
  if (!clear) return { user, flash, appStores, consentChosen, figures, unreadMessages, unreadNotifications, threadsHref };
  // Clearing the cookie also makes the response private, no-store (entry.server.tsx).
  return data({ user, flash, appStores, consentChosen, figures, unreadMessages, unreadNotifications, threadsHref }, { headers: { "set-cookie": clear } });
}

/** React Router as the shell's routing (~/lib/routing): the same on the server and in the browser. */
const routerRouting: Routing = {
  Link,
  NavLink,
  useLocation,
  useNavigate: () => {
    const navigate = useNavigate();
    return (to) => void (typeof to === "number" ? navigate(to) : navigate(to));
  },
  useRootData: () => useRouteLoaderData<typeof loader>("root") satisfies RootData | undefined,
  useRouteError,
  useFetcher,
  useActionData,
};

/**
 * Whether this page is served as islands (decision 031): its route asks for it (`handle.islands`),
 * the visitor is signed out and there is no flash to show. Decided on the server only, in a
 * production build (development needs React Router's scripts for hot reloading); the browser then
 * never renders this layout again.
 */
function useIslandsPage(rootData: RootData | undefined): boolean {
  const matches = useMatches();
  if (!islandsScripts?.islandsAvailable) return false;
  if (!rootData || rootData.user || rootData.flash) return false;
  return matches.some((match) => (match.handle as { islands?: boolean } | undefined)?.islands === true);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Undefined when the root loader failed (error page): then the banner waits for the browser's stored choice.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const islandsPage = useIslandsPage(rootData);
  return (
    <html lang="en-GB" data-islands={islandsPage ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1a56db" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <RoutingContext value={routerRouting}>
          <IslandsPageContext value={islandsPage}>
            {children}
            <Island name="site-widgets">
              <SiteWidgets consentChosen={rootData?.consentChosen ?? true} />
            </Island>
          </IslandsPageContext>
        </RoutingContext>
        {/* The installable app: the worker's registration when idle, the install prompt, the update notice (decision 073). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: appScript }} />
        {islandsPage && rootData && islandsScripts ? (
          <islandsScripts.IslandsScripts rootData={rootData} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
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
  // A link refused with a reason for the person (a hostile or stale page cursor): say it.
  if (isRouteErrorResponse(error) && error.status === 400 && typeof error.data === "string" && error.data) return <ErrorPanel refusal={error.data} />;
  return <ErrorPanel />;
}
