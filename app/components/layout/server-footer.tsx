import { renderToString } from "react-dom/server";
import { useAppStoreLinks } from "~/components/content/app-store-badges";
import type { AppStoreLinks } from "~/content/app-stores";
import { IslandRoot } from "~/lib/islands/island-root";
import { FooterContent, footerClassName } from "./footer";

/**
 * The footer as the server renders it (decision 091). What is inside it is the same for every
 * visitor and page, given the year and the store links, so it is rendered to HTML once per process
 * and written into each page: a signed-in page, rendered per request, no longer renders its ~75
 * elements and ~20 links each time (issue 47). The browser hydrates it with ./footer.tsx's `Footer`
 * over the same DOM; its links are plain ones, as an island's, without React Router's
 * `data-discover`, so a footer link's route is looked up when it is followed.
 */
let rendered: { key: string; html: string } | undefined;

export function footerHtml(year: number, appStores: AppStoreLinks): string {
  const key = `${year} ${JSON.stringify(appStores)}`;
  if (rendered?.key !== key) {
    const content = <FooterContent year={year} appStores={appStores} onCookieSettings={() => {}} />;
    // The document's routing (plain links), as on an islands page; the footer reads no location.
    const html = renderToString(
      <IslandRoot page={{ pathname: "/", search: "" }} rootData={{ user: null, flash: null, appStores, consentChosen: true }}>
        {content}
      </IslandRoot>,
    );
    rendered = { key, html };
  }
  return rendered.html;
}

export function ServerFooter(_props: { onCookieSettings: () => void }) {
  const appStores = useAppStoreLinks();
  return <footer className={footerClassName} dangerouslySetInnerHTML={{ __html: footerHtml(new Date().getFullYear(), appStores) }} />;
}
