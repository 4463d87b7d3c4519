import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  // Only the composition root, server/app.ts, knows both sides.
  layer({
    files: ["server/**"],
    ignores: ["server/app.ts"],
    forbidden: ["~/*", "**/app/*"],
    dynamic: String.raw`^~\x2F|(^|\x2F)app\x2F`,
    message: "server/ is infrastructure: it does not import app/ (only server/app.ts wires the two)",
  }),
  layer({
    files: ["app/components/**", "app/content/**", "app/lib/**"],
    forbidden: ["~/features/*", "~/routes/*", "~/root", "**/features/*", "**/routes/*"],
    dynamic: String.raw`(^~\x2F|\x2F)(features|routes)\x2F|^~\x2Froot`,
    message: "components, content and lib sit below features and routes: pass what they need in as props or arguments",
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
  layer({
    files: ["app/features/**"],
    forbidden: ["~/routes/*", "~/root", "**/routes/*"],
    dynamic: String.raw`(^~\x2F|\x2F)routes\x2F|^~\x2Froot`,
    message: "features sit below routes: a feature never imports a route",
  }),
);

/** One layer's rule: static and dynamic imports matching `forbidden` are errors. */
function layer({ files, ignores = [], forbidden, dynamic, message }) {
  return {
    files,
    ignores,
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: forbidden, message }] }],
      "no-restricted-syntax": ["error", { selector: `ImportExpression[source.value=/${dynamic}/]`, message }],
    },
  };
}
