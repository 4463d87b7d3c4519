import { createContext, use, type ComponentType, type RefAttributes } from "react";
import type { LinkProps, NavLinkProps, To, useActionData as routerUseActionData, useFetcher as routerUseFetcher } from "react-router";
import type { AppStoreLinks } from "~/content/app-stores";
import type { SiteFigures } from "~/content/figures";
import type { ShownFlash } from "./flash";
import type { SessionUser } from "./session-user";

/**
 * Links, location and the root loader's data for the components every page loads (header, footer,
 * banner, home sections), without importing React Router (decision 031). The root layout provides
 * React Router's own (client-side navigation, prefetching); the home page's islands, hydrated
 * without the router, provide plain links and the document's location (./islands/document-routing.tsx).
 * A module in the shell chunk imports these, never "react-router" (scripts/shell-chunks-plugin.ts
 * fails the build otherwise): one such import would make the home page load React Router again.
 */
export interface RootData {
  user: SessionUser | null;
  flash: ShownFlash | null;
  appStores: AppStoreLinks;
  /** Whether the visitor has made a cookie choice (the banner is server-rendered when not). */
  consentChosen: boolean;
  /** On the pages that show figures (~/content/figures): counted from the database when rendered. */
  figures?: SiteFigures | null;
  /** A signed-in person's unread thread messages (the header's Messages count). */
  unreadMessages?: number;
  /** Where a signed-in person's threads are: the fixer dashboard for an approved fixer, My jobs for a customer. */
  threadsHref?: string;
  /** The signed-in visitor's unread notifications, for the header's bell. */
  unreadNotifications?: number;
}

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** Changes with every navigation, also to the same URL. */
  key: string;
}

type AnchorRef = RefAttributes<HTMLAnchorElement>;

export interface Routing {
  Link: ComponentType<LinkProps & AnchorRef>;
  NavLink: ComponentType<NavLinkProps & AnchorRef>;
  useLocation(): AppLocation;
  /** A path, or a number of history entries to go back or forward. */
  useNavigate(): (to: To | number) => void;
  /** Undefined when the root loader failed (an error page). */
  useRootData(): RootData | undefined;
  useRouteError(): unknown;
  /** The forms' hooks (lib/forms/use-form.ts): with them, no form module imports React Router. */
  useFetcher: typeof routerUseFetcher;
  useActionData: typeof routerUseActionData;
}

export const RoutingContext = createContext<Routing | null>(null);

function useRouting(): Routing {
  const routing = use(RoutingContext);
  if (!routing) throw new Error("No RoutingContext: render inside the root layout or an island");
  return routing;
}

export function Link(props: LinkProps & AnchorRef) {
  const { Link: Implementation } = useRouting();
  return <Implementation {...props} />;
}

export function NavLink(props: NavLinkProps & AnchorRef) {
  const { NavLink: Implementation } = useRouting();
  return <Implementation {...props} />;
}

// Each hook calls the provider's hook; a provider is fixed for the life of its tree, so the hook order never changes.
export const useLocation = (): AppLocation => useRouting().useLocation();
export const useNavigate = () => useRouting().useNavigate();
export const useRootData = (): RootData | undefined => useRouting().useRootData();
export const useRouteError = (): unknown => useRouting().useRouteError();
export const useFetcher: typeof routerUseFetcher = (options) => useRouting().useFetcher(options);
export const useActionData: typeof routerUseActionData = () => useRouting().useActionData();
