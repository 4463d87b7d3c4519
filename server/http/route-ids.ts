/**
 * The id of the React Router route a URL path renders (`routes/_site.account_.jobs.$jobId`), for a
 * metrics label: a bounded set of values, never the URL itself. React Router's own `matchRoutes`
 * flattens and ranks the whole route tree on every call (3.3 ms per call with this app's 87 routes,
 * measured); this ranks the branches once, the way it does (same scores, same tie order), and then
 * tries one regular expression per branch (microseconds).
 */
export type RouteIdMatcher = (pathname: string) => string | undefined;

/** What a route in the server build's manifest (`ServerBuild["routes"]`) says about where it matches. */
type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type Branch = { id: string; score: number; indexes: number[]; pattern: RegExp };

export function routeIdMatcher(routes: Record<string, RouteEntry | undefined>): RouteIdMatcher {
  const entries = Object.values(routes).filter((r): r is RouteEntry => r !== undefined);
  const children = new Map<string | undefined, RouteEntry[]>();
  for (const route of entries) children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);

  const branches: Branch[] = [];
  const flatten = (parentId: string | undefined, parentPath: string, parentIndexes: number[], caseSensitive: boolean) => {
    (children.get(parentId) ?? []).forEach((route, i) => {
      for (const relative of route.path?.includes("?") ? explodeOptionalSegments(route.path) : [route.path ?? ""]) {
        const path = joinPaths(parentPath, relative);
        const indexes = [...parentIndexes, i];
        const sensitive = caseSensitive || route.caseSensitive === true;
        // Children first, as React Router adds them: with equal scores, the earlier branch wins.
        flatten(route.id, path, indexes, sensitive);
        if (route.path === undefined && !route.index) continue; // a pathless layout renders nothing by itself
        branches.push({ id: route.id, score: computeScore(path, route.index === true), indexes, pattern: compilePath(path, sensitive) });
      }
    });
  };
  flatten(undefined, "", [], false);
  branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : compareIndexes(a.indexes, b.indexes)));

  return (pathname) => {
    const path = routePathOf(pathname);
    return branches.find((branch) => branch.pattern.test(path))?.id;
  };
}

/** A single-fetch data request (`/about.data`, `/_root.data` for `/`) asks for the page at its path; decoded as React Router decodes it. */
function routePathOf(pathname: string): string {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return decodePath(page === "/_root" ? "/" : page);
}

function decodePath(path: string): string {
  try {
    return path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return path; // a malformed escape: React Router matches it undecoded too
  }
}

function joinPaths(parent: string, child: string): string {
  return `${parent}/${child}`.replace(/\/\/+/g, "/");
}

// React Router's ranking (lib/router/utils.ts): more and more specific segments score higher.
const isSplat = (segment: string) => segment === "*";
function computeScore(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments.filter((s) => !isSplat(s))) score += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  return score;
}

/** Siblings (same parents) rank in the order they were declared; other ties keep their order. */
function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

/** `a/:b?/c?` → every path with and without each optional segment, as React Router expands it. */
function explodeOptionalSegments(path: string): string[] {
  const [first, ...rest] = path.split("/");
  if (first === undefined) return [];
  const optional = first.endsWith("?");
  const required = first.replace(/\?$/, "");
  if (rest.length === 0) return optional ? [required, ""] : [required];
  const tails = explodeOptionalSegments(rest.join("/"));
  const withFirst = tails.map((tail) => (tail === "" ? required : `${required}/${tail}`));
  return optional ? [...withFirst, ...tails] : withFirst;
}

/** The whole path, as React Router's matchPath compiles it with `end: true`: trailing slashes allowed, case-insensitive unless asked. */
function compilePath(path: string, caseSensitive: boolean): RegExp {
  const splat = path.endsWith("*");
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:[\w-]+/g, "/([^\\/]+)");
  if (splat) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, caseSensitive ? undefined : "i");
}
