declare module "virtual:fixit/islands-chunks" {
  /**
   * An islands page's entry (app/islands.client.tsx, built by scripts/islands-chunks-plugin.ts)
   * and what it loads as it starts: the entry and every chunk it imports statically (`preloads`),
   * and by island name the further chunks each island imports statically. Null before the client
   * is built (development, unit tests): then no page is served as islands. `searchBeforeReact`:
   * the site search's answer before React has loaded (decision 041), its entry and the chunks it imports.
   */
  const islandsChunks: {
    entry: string;
    preloads: string[];
    islands: Record<string, string[]>;
    searchBeforeReact: { entry: string; preloads: string[] };
  } | null;
  export default islandsChunks;
}
