import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routeIdMatcher } from "./route-ids.ts";

type Entry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The shapes this app's routes have (app/routes, flat routes): a pathless layout, index routes, params, splats, dotted files, one optional segment. */
const table: Entry[] = [
  { id: "root", path: "" },
  { id: "routes/_index", parentId: "root", index: true },
  { id: "routes/live.events", parentId: "root", path: "live/events" },
  { id: "routes/api.auth.$", parentId: "root", path: "api/auth/*" },
  { id: "routes/sitemap[.]xml", parentId: "root", path: "sitemap.xml" },
  { id: "routes/dev.mailbox._index", parentId: "root", path: "dev/mailbox", index: true },
  { id: "routes/dev.mailbox[.]json", parentId: "root", path: "dev/mailbox.json" },
  { id: "routes/dev.mailbox.$id", parentId: "root", path: "dev/mailbox/:id" },
  { id: "routes/request.draft", parentId: "root", path: "request/draft" },
  { id: "routes/request.draft.photos.$photoId", parentId: "routes/request.draft", path: "photos/:photoId" },
  { id: "routes/help.($topic)", parentId: "root", path: "help-centre/:topic?" },
  { id: "routes/_site", parentId: "root" },
  { id: "routes/_site.about", parentId: "routes/_site", path: "about" },
  { id: "routes/_site.account_.jobs._index", parentId: "routes/_site", path: "account/jobs", index: true },
  { id: "routes/_site.account_.jobs.$jobId", parentId: "routes/_site", path: "account/jobs/:jobId" },
  { id: "routes/_site.bookings.new", parentId: "routes/_site", path: "bookings/new" },
  { id: "routes/_site.bookings.$bookingId", parentId: "routes/_site", path: "bookings/:bookingId" },
  { id: "routes/_site.Exact", parentId: "routes/_site", path: "Exact", caseSensitive: true },
  { id: "routes/_site.$", parentId: "routes/_site", path: "*" },
  { id: "routes/staff", parentId: "root", path: "staff" },
  { id: "routes/staff._index", parentId: "routes/staff", index: true },
  { id: "routes/staff.$list._index", parentId: "routes/staff", path: ":list", index: true },
  { id: "routes/staff.vip-posts.new", parentId: "routes/staff", path: "vip-posts/new" },
  { id: "routes/staff.vip-posts.$id", parentId: "routes/staff", path: "vip-posts/:id" },
];

/** The same table as React Router's route objects, for its own matchRoutes. */
function tree(parentId: string | undefined): RouteObject[] {
  return table
    .filter((r) => r.parentId === parentId)
    .map((r) => (r.index ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) }));
}
const reactRouter = (path: string) => matchRoutes(tree(undefined), path)?.at(-1)?.route.id;
const match = routeIdMatcher(Object.fromEntries(table.map((r) => [r.id, r])));

const paths = [
  "/",
  "/about",
  "/about/",
  "/ABOUT",
  "/account/jobs",
  "/account/jobs/123",
  "/account/jobs/123/extra",
  "/bookings/new",
  "/bookings/77",
  "/Exact",
  "/exact",
  "/live/events",
  "/api/auth/sign-in/email",
  "/api/auth",
  "/sitemap.xml",
  "/sitemapxxml",
  "/dev/mailbox",
  "/dev/mailbox.json",
  "/dev/mailbox/abc",
  "/request/draft",
  "/request/draft/photos/5",
  "/help-centre",
  "/help-centre/payments",
  "/staff",
  "/staff/users",
  "/staff/vip-posts/new",
  "/staff/vip-posts/9",
  "/staff/users/9/more",
  "/services/plumbing",
  "/no/such/page",
  "/caf%C3%A9",
  "/bad%E0%A4%A",
];

describe("route ids for metrics labels", () => {
  it.each(paths)("%s gets the route React Router renders", (path) => {
    expect(match(path)).toBe(reactRouter(path));
  });

  it("names the page of a single-fetch data request, the home page's included", () => {
    expect(match("/about.data")).toBe("routes/_site.about");
    expect(match("/account/jobs/5.data")).toBe("routes/_site.account_.jobs.$jobId");
    expect(match("/_root.data")).toBe("routes/_index");
  });

  it("answers nothing when no route matches, and keeps nothing of the URL", () => {
    const withoutSplat = routeIdMatcher({ root: { id: "root", path: "" }, about: { id: "about", parentId: "root", path: "about" } });
    expect(withoutSplat("/elsewhere")).toBeUndefined();
    expect(withoutSplat("/about")).toBe("about");
    const ids = table.map((r) => r.id);
    for (const path of paths) expect(ids).toContain(match(path));
  });
});
