import { renderToString } from "react-dom/server";
import { createRoutesStub, Link as RouterLink } from "react-router";
import { describe, expect, it } from "vitest";
import type { AppStoreLinks } from "~/content/app-stores";
import { footerNav } from "~/content/navigation";
import { createDocumentRouting } from "~/lib/islands/document-routing";
import { RoutingContext, type RootData } from "~/lib/routing";
import { Footer } from "./footer";
import { footerHtml, ServerFooter } from "./server-footer";

const noStores: AppStoreLinks = { appStore: null, googlePlay: null };
const rootData = (appStores: AppStoreLinks): RootData => ({ user: null, flash: null, appStores, consentChosen: true });

/** The footer as a page the router renders would render it per request: React Router's own links. */
function routerRendered(appStores: AppStoreLinks, path: string): string {
  const routing = { ...createDocumentRouting({ pathname: path, search: "" }, rootData(appStores)), Link: RouterLink };
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <RoutingContext value={routing}>
          <Footer onCookieSettings={() => {}} />
        </RoutingContext>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const inner = (html: string) => /<footer[^>]*>([\s\S]*)<\/footer>/.exec(html)?.[1];

describe("the footer rendered once per process (decision 091)", () => {
  it("is, on any page, the DOM the browser hydrates: the router's render, less React Router's discovery attribute", () => {
    const year = new Date().getFullYear();
    for (const path of ["/account", "/account/jobs", "/fixer/earnings"]) {
      const live = inner(routerRendered(noStores, path));
      expect(live).toContain('data-discover="true"');
      expect(footerHtml(year, noStores)).toBe(live!.replaceAll(' data-discover="true"', ""));
    }
    for (const link of [...footerNav.company, ...footerNav.resources]) expect(footerHtml(year, noStores)).toContain(`href="${link.href}"`);
  });

  it("follows the year and the store links it is given", () => {
    const stores: AppStoreLinks = { appStore: "https://apps.apple.com/gb/app/fixit/id1", googlePlay: null };
    expect(footerHtml(2031, noStores)).toContain("© <!-- -->2031");
    expect(footerHtml(2031, stores)).toContain('href="https://apps.apple.com/gb/app/fixit/id1"');
    expect(footerHtml(2031, stores)).toBe(inner(routerRendered(stores, "/"))!.replaceAll(' data-discover="true"', "").replace(`© <!-- -->${new Date().getFullYear()}`, "© <!-- -->2031"));
  });

  it("is written inside the <footer> with the component's own class", () => {
    const html = renderToString(
      <RoutingContext value={createDocumentRouting({ pathname: "/", search: "" }, rootData(noStores))}>
        <ServerFooter onCookieSettings={() => {}} />
      </RoutingContext>,
    );
    expect(html).toBe(`<footer class="bg-slate-900 text-slate-300">${footerHtml(new Date().getFullYear(), noStores)}</footer>`);
  });
});
