import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which feature may import which (app/features/<name>/). Read down: a feature imports only features
 * it names here, never one that (directly or not) imports it; scripts/import-rules.test.ts checks
 * the table has no cycle and names every feature folder. Nothing at app/features/'s top level: a
 * feature declares the narrow dependencies it needs (decision 088). The layer check
 * (.dependency-cruiser.mjs) reads this table too.
 */
export const featureImports = {
  auth: [],
  consent: [],
  search: [],
  payments: ["auth"],
  forms: ["payments"],
  fixers: ["auth", "payments"],
  privacy: ["auth", "fixers", "forms", "payments"],
  notifications: ["auth"],
  live: ["notifications"],
  bookings: ["auth", "notifications", "payments"],
  vip: ["auth", "consent", "payments"],
  quotes: ["auth", "bookings", "fixers", "live", "notifications"],
  coverage: ["quotes"],
  assistant: ["consent", "coverage", "quotes", "vip"],
  home: ["assistant", "auth", "fixers", "quotes", "search"],
  account: ["auth", "bookings", "fixers", "notifications", "vip"],
  staff: ["auth", "bookings", "consent", "fixers", "forms", "payments", "quotes", "vip"],
  pwa: [],
  emergency: ["assistant", "auth", "bookings", "live", "notifications", "quotes"],
  // TEST MODE's seeding (decision 085): people and bookings made through the features' own services.
  seeding: ["auth", "bookings", "fixers", "payments", "quotes", "staff"],
};

/**
 * Which feature owns each table module (server/db/schema/<module>.ts). A feature imports only the
 * modules it owns; another feature asks the owner through its functions, or joins the owner's
 * read-only projection (decision 089). "server" owns infrastructure tables, read through server/'s
 * own functions. scripts/import-rules.test.ts checks every schema file is named here exactly once.
 */
export const featureTables = {
  auth: ["auth", "security"],
  bookings: ["bookings", "booking-extras"],
  emergency: ["emergency"],
  fixers: ["fixers"],
  forms: ["forms"],
  notifications: ["notifications"],
  payments: ["payments"],
  quotes: ["quotes", "job-drafts"],
  staff: ["staff"],
  vip: ["vip"],
  server: ["mail", "outbox", "photos", "rate-limit"],
};

/**
 * The ratchet: imports of another feature's tables not yet moved behind the owner's functions, per
 * feature and table module, with the count of files (non-test) that still do it. The lint allows
 * these pairs; scripts/import-rules.test.ts counts the files and fails when a count differs, so a
 * count only goes down (lower it when you move one) and the list only gets shorter (issue 48).
 */
export const tablesNotYetMoved = {};

/**
 * The modules at app/'s top level (by name, with or without an extension): the entry modules, which
 * only React Router and the server bundle load, and the composition root with its types (AppServices,
 * the load context: app/app-services.server.ts), which only the root and the routes import.
 */
const topModules = ["root", "entry.server", "entry.client", "islands.client", "routes", "composition-root.server", "app-services.server"].flatMap((name) => [
  `~/${name}`,
  `~/${name}.*`,
]);
const topDynamic = String.raw`^~\x2F(root|entry\.server|entry\.client|islands\.client|routes|composition-root\.server|app-services\.server)(\.[a-z]+)?$`;
/** What components, lib and content never import: features, routes and the top-level modules. */
const aboveLayers = [...topModules, "~/features/*", "~/routes/*"];
const aboveDynamic = String.raw`(^~\x2F|\x2F)(features|routes)\x2F|${topDynamic}`;
/** The same folders reached by a relative path from anywhere below app/. */
const relativeUp = (folders) => folders.map((folder) => `**/${folder}/*`);
/**
 * Every layer refuses a relative import that goes up a folder (`../x`), static or dynamic: another
 * folder is named by its alias (`~/…`, `#server/…`), so a moved file keeps its imports and the layer
 * rules above see every path the same way (docs/ARCHITECTURE.md: `./x` only within a folder).
 */
const upward = { regex: String.raw`^\.\.(\/|$)`, message: "import another folder by its alias (~/…, #server/…, #tests/…), not ../: ./x only within a folder" };
const upwardDynamic = String.raw`^\.\.(\x2F|$)`;

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "test-results/", "data/", "screenshots/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // One dependency direction (docs/ARCHITECTURE.md): routes → features → components, content, lib → server.
  // Only the composition root, app/composition-root.server.ts, knows both sides: server/ is handed the features.
  layer({
    files: ["server/**"],
    forbidden: ["~/*", "**/app/*"],
    dynamic: String.raw`^~\x2F|(^|\x2F)app\x2F`,
    message: "server/ is infrastructure: it does not import app/ (app/composition-root.server.ts hands it the features)",
  }),
  // Below features and routes: components may use content and lib; lib may use content; content
  // (the copy, and the functions that word it) imports nothing outside content.
  layer({
    files: ["app/components/**"],
    forbidden: [...aboveLayers, ...relativeUp(["features", "routes"])],
    dynamic: aboveDynamic,
    message: "components sit below features and routes: pass what they need in as props or arguments",
  }),
  layer({
    files: ["app/lib/**"],
    forbidden: [...aboveLayers, "~/components/*", ...relativeUp(["features", "routes", "components"])],
    dynamic: String.raw`${aboveDynamic}|(^~\x2F|\x2F)components\x2F`,
    message: "lib sits below features, routes and components (it may use content): pass what it needs in as arguments",
  }),
  layer({
    files: ["app/content/**"],
    forbidden: [...aboveLayers, "~/components/*", "~/lib/*", ...relativeUp(["features", "routes", "components", "lib"])],
    dynamic: String.raw`${aboveDynamic}|(^~\x2F|\x2F)(components|lib)\x2F`,
    message: "content is the bottom of the app: the copy and the functions that word it import only other content",
  }),
  // The app takes zod from ~/lib/zod, which stops zod's eval probe in the browser (our CSP allows no eval).
  {
    files: ["app/**"],
    ignores: ["app/lib/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", allowTypeImports: true, message: 'import { z } from "~/lib/zod": it keeps zod from probing for eval in the browser' }] },
      ],
    },
  },
  // The routes and the top-level modules (and a stray module at app/features/'s top): no layer rule of their own, but no
  // `../` either, and no table: a route calls a feature's service, which owns its tables.
  layer({ files: ["app/*", "app/routes/**", "app/features/*"], forbidden: [], dynamic: null, message: "", tables: tableRules(null) }),
  // Features sit below routes, and which feature may import which is this table (featureImports); a
  // feature's own code (its tests aside: they set up any state) imports only the tables it owns (featureTables).
  ...Object.keys(featureImports).flatMap((feature) => [
    layer({ files: [`app/features/${feature}/**`], ...featureLayer(feature) }),
    layer({ files: [`app/features/${feature}/**`], ignores: ["**/*.test.ts", "**/*.test.tsx"], ...featureLayer(feature), tables: tableRules(feature) }),
  ]),
);

/** A feature's import rule: the entry modules, the routes and the features featureImports does not name. */
function featureLayer(feature) {
  const allowed = featureImports[feature];
  const others = Object.keys(featureImports).filter((f) => f !== feature && !allowed.includes(f));
  return {
    forbidden: [...topModules, "~/routes/*", "**/routes/*", ...others.flatMap((f) => [`~/features/${f}/*`, `**/features/${f}/*`, `../${f}/*`, `../../${f}/*`])],
    dynamic: String.raw`(^~\x2F|\x2F)routes\x2F|${topDynamic}${others.length ? String.raw`|(^~\x2Ffeatures\x2F|\x2Ffeatures\x2F|^(\.\.\x2F){1,2})(${others.join("|")})\x2F` : ""}`,
    message: allowed.length
      ? `features sit below routes, and ${feature} may import only these features: ${allowed.join(", ")} (featureImports in eslint.config.js)`
      : `features sit below routes, and ${feature} imports no other feature (featureImports in eslint.config.js)`,
  };
}

/**
 * The table modules `feature` may not import (null: a route or an entry module, which imports none),
 * one rule per owner so the message names who to ask: every module another owns, less the ratchet's pairs.
 */
function tableRules(feature) {
  const owned = new Set([...(featureTables[feature] ?? []), ...Object.keys(tablesNotYetMoved[feature] ?? {})]);
  return Object.entries(featureTables).flatMap(([owner, modules]) => {
    const refused = modules.filter((m) => !owned.has(m));
    if (!refused.length) return [];
    const who = owner === "server" ? "server/ (infrastructure) owns them: use its functions" : `the ${owner} feature owns them: call its functions or join its read-only projection`;
    const message = `${feature ? `${feature} does not import` : "a route or entry module imports no table, not even"} #server/db/schema/${refused.join(", ")}: ${who} (featureTables in eslint.config.js, decision 089)`;
    return [{ source: String.raw`^#server\x2Fdb\x2Fschema\x2F(${refused.join("|")})(\.ts)?$`, message }];
  });
}

/**
 * One layer's rule: static and dynamic imports matching `forbidden` (and any `../` import) are errors,
 * and so is an import of a table module `tables` refuses (each `source` a regex of the import path).
 */
function layer({ files, ignores = [], forbidden, dynamic, message, tables = [] }) {
  return {
    files,
    ignores,
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [...(forbidden.length ? [{ group: forbidden, message }] : []), ...tables.map((t) => ({ regex: t.source, message: t.message })), upward] },
      ],
      "no-restricted-syntax": [
        "error",
        ...(dynamic ? [{ selector: `ImportExpression[source.value=/${dynamic}/]`, message }] : []),
        ...tables.map((t) => ({ selector: `ImportExpression[source.value=/${t.source}/]`, message: t.message })),
        { selector: `ImportExpression[source.value=/${upwardDynamic}/]`, message: upward.message },
      ],
    },
  };
}
