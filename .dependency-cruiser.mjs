import { featureImports, featureTables, tablesNotYetMoved } from "./eslint.config.js";

/**
 * The layer check (`npm run check:layers`, decision 088): the one dependency direction of
 * docs/ARCHITECTURE.md over the resolved import graph, type-only imports included, and no import
 * circle. ESLint's rules (eslint.config.js) say the same per file and name the fix; this sees every
 * edge the TypeScript compiler sees, however the path was written. Which feature may import which
 * is featureImports, read from eslint.config.js so it is written once.
 *
 *   app/routes, app/*.ts(x) (the entry modules, the composition root) → app/features/<name>/
 *   → app/components/ → app/lib/ → app/content/;  server/ imports nothing from app/.
 */

/** The top of the app: the route modules and the modules at app/'s top level (root, entries, the composition root, app-services.server). */
const top = String.raw`^app/(routes/|[^/]+$)`;

/** @param {string[]} names */
const anyOf = (names) => `(${names.join("|")})`;

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle: break it by moving the shared piece down a layer or passing it in.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-imports-no-app",
      comment: "server/ is infrastructure: it imports nothing from app/ (app/composition-root.server.ts hands it the features).",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "feature-imports-no-top",
      comment: "Features sit below the routes and app/'s top-level modules (the entry modules, the composition root and its AppServices): a feature declares what it needs and is handed it.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: top },
    },
    // One rule per feature: its own folder and the features featureImports names, nothing else under app/features/.
    ...Object.entries(featureImports).map(([feature, allowed]) => ({
      name: `feature-${feature}-imports-only-its-table`,
      comment: `${feature} may import only ${allowed.length ? allowed.join(", ") : "no other feature"} (featureImports in eslint.config.js); a module at app/features/'s top level belongs to no feature and sits above them all.`,
      severity: "error",
      from: { path: `^app/features/${feature}/` },
      to: { path: "^app/features/", pathNot: `^app/features/${anyOf([feature, ...allowed])}/` },
    })),
    // Tables (decision 089): a feature's own code imports only the table modules featureTables gives it
    // (and the ratchet's pairs not yet moved); a route or top-level module imports none.
    ...Object.keys(featureImports).map((feature) => {
      const owned = [...(featureTables[feature] ?? []), ...Object.keys(tablesNotYetMoved[feature] ?? {})];
      return {
        name: `feature-${feature}-imports-only-its-tables`,
        comment: `${feature} imports only the tables it owns (featureTables in eslint.config.js): another feature's are read through its functions or read-only projections.`,
        severity: "error",
        from: { path: `^app/features/${feature}/`, pathNot: String.raw`\.test\.tsx?$` },
        to: { path: "^server/db/schema/", ...(owned.length ? { pathNot: String.raw`^server/db/schema/${anyOf(owned)}\.ts$` } : {}) },
      };
    }),
    {
      name: "top-imports-no-table",
      comment: "A route or top-level module imports no table: it calls a feature's service, and the feature owns its tables (decision 089).",
      severity: "error",
      from: { path: top },
      to: { path: "^server/db/schema/" },
    },
    {
      name: "components-import-no-higher",
      comment: "components sit below features and routes: pass what they need in as props or arguments.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: String.raw`^app/(routes/|features/|[^/]+$)` },
    },
    {
      name: "lib-imports-no-higher",
      comment: "lib sits below features, routes and components (it may use content).",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: String.raw`^app/(routes/|features/|components/|[^/]+$)` },
    },
    {
      name: "content-imports-only-content",
      comment: "content is the bottom of the app: the copy and the functions that word it import only other content.",
      severity: "error",
      from: { path: "^app/content/" },
      to: { path: String.raw`^(app/(routes/|features/|components/|lib/|[^/]+$)|server/)` },
    },
  ],
  options: {
    // Type-only imports are edges too: a type declared above is a dependency on the layer above.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
  },
};
