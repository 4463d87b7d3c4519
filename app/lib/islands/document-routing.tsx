import { useSyncExternalStore, type RefAttributes } from "react";
import type { LinkProps, NavLinkProps, To } from "react-router";
import { useLocation, type AppLocation, type RootData, type Routing } from "~/lib/routing";

/** A link target as a URL path (React Router's `to` may be an object). */
function pathOf(to: To): string {
  if (typeof to === "string") return to;
  return `${to.pathname ?? ""}${to.search ?? ""}${to.hash ?? ""}`;
}

/**
 * The routing an island has (decision 031): plain links (a click loads the next page, which the
 * anonymous-HTML cache answers at once), the document's own location, and the root loader's data
 * as the server wrote it into the page. Rendered the same on the server (into the cached HTML) and
 * in the browser (hydrating it).
 */
function DocumentLink({
  to,
  // React Router's navigation options mean nothing to a plain link.
  prefetch: _prefetch,
  replace: _replace,
  state: _state,
  reloadDocument: _reloadDocument,
  preventScrollReset: _preventScrollReset,
  relative: _relative,
  viewTransition: _viewTransition,
  discover: _discover,
  ...anchor
}: LinkProps & RefAttributes<HTMLAnchorElement>) {
  // The attributes in React Router's order (href after the others), so the footer rendered once per
  // process (decision 091) is the markup React Router would have written.
  return <a {...anchor} href={pathOf(to)} />;
}

function DocumentNavLink({ className, style, children, end = false, caseSensitive: _caseSensitive, ...link }: NavLinkProps & RefAttributes<HTMLAnchorElement>) {
  const { pathname } = useLocation();
  const target = pathOf(link.to).split(/[?#]/)[0] ?? "";
  const isActive = pathname === target || (!end && target !== "/" && pathname.startsWith(`${target}/`));
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <DocumentLink
      {...link}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className(state) : className}
      style={typeof style === "function" ? style(state) : style}
    >
      {typeof children === "function" ? children(state) : children}
    </DocumentLink>
  );
}

// The document's location, as a store: a link to a part of the page (#how-it-works) or Back/Forward
// between such parts changes it without a new page, and gives it a new key.
const listeners = new Set<() => void>();
let current: AppLocation | undefined;
let moves = 0;
const readWindow = (key: string): AppLocation => ({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, key });
const documentLocation = () => (current ??= readWindow("default"));
function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener("hashchange", moved);
    window.addEventListener("popstate", moved);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("hashchange", moved);
      window.removeEventListener("popstate", moved);
    }
  };
}
function moved() {
  current = readWindow(String(++moves));
  for (const listener of listeners) listener();
}

export function createDocumentRouting(page: { pathname: string; search: string }, rootData: RootData | undefined): Routing {
  // What the server rendered: it never sees the hash. Hydration starts from this, then reads the document.
  const serverLocation: AppLocation = { pathname: page.pathname, search: page.search, hash: "", key: "default" };
  return {
    Link: DocumentLink,
    NavLink: DocumentNavLink,
    useLocation: () => useSyncExternalStore(subscribe, documentLocation, () => serverLocation),
    useNavigate: () => (to) => {
      if (typeof to === "number") window.history.go(to);
      else window.location.assign(pathOf(to));
    },
    useRootData: () => rootData,
    useRouteError: () => undefined,
    // No island posts through a fetcher: a form that needs one hydrates with React Router.
    useFetcher: () => {
      throw new Error("A fetcher needs React Router, which an island does not have (decision 031)");
    },
    useActionData: () => undefined,
  };
}
