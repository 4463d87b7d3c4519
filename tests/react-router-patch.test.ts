import { createStaticHandler, createStaticRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * React Router's per-build memos (decision 094, `patches/react-router+7.18.4.patch`): the server
 * routes, the static router's data routes and the partial manifest's parent-path matches are made
 * once and reused. What a page carries must not change with it: the manifest a signed-in page hands
 * the browser still lists the routes of each of its parent paths (so Back and the breadcrumbs lead
 * there without asking the server which route that is), on the first render and on later ones.
 */

describe("the static router", () => {
  const routes = [{ id: "root", path: "/", children: [{ id: "index", index: true }, { id: "jobs", path: "jobs/:jobId" }] }];

  it("reuses the data routes it converted from the same routes, and its matches point at them", async () => {
    const context = await createStaticHandler(routes).query(new Request("http://fixit.test/jobs/42"));
    if (context instanceof Response) throw new Error("the query answered a response");
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((match) => match.route.id)).toEqual(["root", "jobs"]);
    expect(first.state.matches[1]!.route).toBe(first.routes[0]!.children![1]);
    expect(first.state.matches[1]!.params).toEqual({ jobId: "42" });
    // Other routes (another build, a development server's reload) are converted anew.
    expect(createStaticRouter([...routes], context).routes).not.toBe(first.routes);
  });
});

describe("a signed-in page's route manifest", () => {
  let server: InProcessServer;
  let person: SignedInPerson;

  beforeAll(async () => {
    server = await startServerInProcess();
    person = await signedInPerson(server.services, "manifest.reader@example.com", "customer", "Mina Manifest");
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  /** The route ids of the manifest the page hands the browser (`window.__reactRouterManifest`). */
  async function manifestRoutes(path: string): Promise<string[]> {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: person.cookie, accept: "text/html" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const json = /window\.__reactRouterManifest = (\{.*?\});/s.exec(html)?.[1];
    if (!json) throw new Error(`no route manifest in ${path}`);
    return Object.keys((JSON.parse(json) as { routes: Record<string, unknown> }).routes);
  }

  it("lists the page's own routes and those of each parent path, rendered once and again", async () => {
    for (let render = 0; render < 2; render++) {
      const jobs = await manifestRoutes("/account/jobs");
      // The page itself, and its parent paths "/" (the home page) and "/account" (My Account).
      expect(jobs).toEqual(expect.arrayContaining(["root", "routes/_site", "routes/_site.account_.jobs._index", "routes/_index", "routes/_site.account"]));
      const notifications = await manifestRoutes("/account/notifications/settings");
      expect(notifications).toEqual(
        expect.arrayContaining(["routes/_site.account_.notifications_.settings", "routes/_site.account_.notifications", "routes/_site.account", "routes/_index"]),
      );
      // Only what the path needs: no other page's route rides along from the memo.
      expect(jobs).not.toContain("routes/_site.account_.notifications");
      expect(notifications).not.toContain("routes/_site.account_.jobs._index");
    }
  });
});
