import { createContext } from "react";

/** The parts of a page that hydrate on their own when the page is served as islands (app/islands.client.tsx). */
export type IslandName = "home-top-bar" | "home-hero" | "home-below-fold" | "categories-browser" | "fixer-ai-landing" | "how-it-works-steps" | "site-header" | "site-footer" | "site-widgets" | "home-widgets";

/** The id of the JSON the islands read the root loader's data from. */
export const islandsRootDataId = "fixit-root-data";

/** useId's prefix inside an island: unique on the page, and the same on the server and in the browser. */
export const islandIdPrefix = (name: IslandName) => `${name}-`;

/** True while the server renders a page the browser will hydrate as islands, not with React Router (root.tsx). */
export const IslandsPageContext = createContext(false);
