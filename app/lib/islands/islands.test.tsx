import { useId, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Link, NavLink, useFetcher, useLocation, useRootData, type RootData } from "~/lib/routing";
import { IslandRoot } from "./island-root";
import { IslandsPageContext } from "./islands";
import { ServerIsland } from "./server-island";

const rootData: RootData = { user: null, flash: null, appStores: { appStore: null, googlePlay: null }, consentChosen: false };
const inIsland = (pathname: string, children: ReactNode) =>
  renderToStaticMarkup(
    <IslandRoot page={{ pathname, search: "" }} rootData={rootData}>
      {children}
    </IslandRoot>,
  );

describe("an island's routing (no React Router)", () => {
  it("renders a link as a plain anchor, without React Router's options", () => {
    const html = inIsland(
      "/",
      <Link to={{ pathname: "/help", hash: "#faq-fees" }} prefetch="intent" replace className="underline">
        Fees
      </Link>,
    );
    expect(html).toBe('<a class="underline" href="/help#faq-fees">Fees</a>');
  });

  it("marks the current page's nav link, exactly with `end`, by prefix without", () => {
    const nav = (
      <>
        <NavLink to="/categories" className={({ isActive }) => (isActive ? "on" : "off")}>
          All
        </NavLink>
        <NavLink to="/categories" end className={({ isActive }) => (isActive ? "on" : "off")}>
          Exact
        </NavLink>
        <NavLink to="/" className={({ isActive }) => (isActive ? "on" : "off")}>
          Home
        </NavLink>
      </>
    );
    expect(inIsland("/categories/plumbing", nav)).toBe(
      '<a aria-current="page" class="on" href="/categories">All</a><a class="off" href="/categories">Exact</a><a class="off" href="/">Home</a>',
    );
    expect(inIsland("/categories", nav)).toContain('<a aria-current="page" class="on" href="/categories">Exact</a>');
  });

  it("gives the page's location without a hash (the server never sees one) and the root data", () => {
    function Probe() {
      const location = useLocation();
      const data = useRootData();
      return <p>{`${location.pathname}|${location.hash}|${location.key}|${String(data?.consentChosen)}`}</p>;
    }
    expect(inIsland("/about", <Probe />)).toBe("<p>/about||default|false</p>");
  });

  it("has no fetcher: a form that needs one cannot be an island", () => {
    function FetcherForm() {
      useFetcher();
      return null;
    }
    expect(() => inIsland("/", <FetcherForm />)).toThrow(/fetcher needs React Router/);
  });
});

describe("ServerIsland", () => {
  function WithId() {
    return <span id={useId()} />;
  }
  const page = (islandsPage: boolean) =>
    inIsland(
      "/",
      <IslandsPageContext value={islandsPage}>
        <ServerIsland name="home-hero">
          <WithId />
        </ServerIsland>
      </IslandsPageContext>,
    );

  it("on an islands page renders its content as a root of its own, with the island's useId prefix", () => {
    const html = page(true);
    expect(html).toMatch(/^<div data-island="home-hero" class="contents"><span id="[^"]*home-hero-[^"]*"><\/span><\/div>$/);
  });

  it("on a router page is only a wrapper around its content", () => {
    const html = page(false);
    expect(html).toMatch(/^<div data-island="home-hero" class="contents"><span id="[^"]+"><\/span><\/div>$/);
    expect(html).not.toContain("home-hero-");
  });
});
