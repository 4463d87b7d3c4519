import path from "node:path";
import type { Plugin, UserConfig } from "vite";

/**
 * Fewer, larger first-load chunks (decision 027). By default every shared module set gets its own
 * chunk, so each page's HTML preloaded 32–59 scripts, most under 1 KB: each one a request and a
 * separately compressed body. Four groups hold code that always loads together:
 * - "react": React and React DOM; "router": React Router. An islands page (decision 031) loads the
 *   first and not the second;
 * - "shell": every module that app/root.tsx, app/routes/_site.tsx or app/lib/seo.ts (every page's
 *   meta) imports statically, directly or through other modules (header, buttons, consent, icons
 *   they use), but not the two route modules themselves; the footer hydrates from a chunk of its
 *   own (components/layout/deferred-footer.tsx). No shell module may import React Router (the
 *   build fails if one does): the islands load the shell, and with it they would load the router;
 * - "forms": the public forms' shared stack (form hook, submission parsing, field components), which
 *   every form page loads whole and no other page loads at first. The routes' clientAction
 *   (features/forms/client-action.ts) stays out of it: a page whose forms all hydrate later
 *   (/careers, /help) preloads its clientAction but not the form stack.
 * A group also takes the library modules its members import, so the form stack must not import one
 * that other pages import at first (an icon the home page shows too): that page would then load the
 * whole "forms" chunk for it (+6 KB on /, caught by tests/js-budget.test.ts). native-select.tsx draws
 * its chevron itself for that reason.
 * Nothing is duplicated and no page loads a module it did not load before, except the home page,
 * which now also loads the _site layout's few modules it had not shared.
 */
const react = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const router = /node_modules[\\/](react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/;

const formStackFiles = [
  "features/forms/messages.ts",
  "features/forms/fields.tsx",
  "features/forms/form-fields.ts",
  "features/forms/use-form-submission.ts",
  "lib/forms/use-form.ts",
  "lib/forms/parse.ts",
  "lib/forms/result.ts",
  "lib/text-input.ts",
  "components/ui/field.tsx",
  "components/ui/field-error.tsx",
  "components/ui/label.tsx",
  "components/ui/input.tsx",
  "components/ui/textarea.tsx",
  "components/ui/native-select.tsx",
  "components/ui/honeypot.tsx",
];

export function shellChunks(): Plugin {
  // lib/seo.ts builds every page's meta tags (and with it the company details, which the deferred
  // footer and the forms' messages use too): without it here, the "forms" group would take
  // company.ts and every page would load that chunk for it.
  // The root and layout route modules import React Router: what they import is the shell, they are not.
  const layoutRouteModules = ["app/root.tsx", "app/routes/_site.tsx"];
  const shellRoots = [...layoutRouteModules, "app/lib/seo.ts"];
  let root = "";
  let appDir = "";
  const shell = new Set<string>();
  const formStack = new Set<string>();
  const routeModules = new Set<string>();
  return {
    name: "fixit:shell-chunks",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    config(): UserConfig {
      return {
        build: {
          rollupOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "react", test: react, priority: 4 },
                  { name: "shell", test: (id: string) => shell.has(id), priority: 3 },
                  // With React Router, the root and layout route modules, which use it on every router page. Below
                  // the shell, so that the shell modules they import stay in the shell.
                  { name: "router", test: (id: string) => router.test(id) || routeModules.has(id.split("?")[0]!), priority: 2 },
                  { name: "forms", test: (id: string) => formStack.has(id), priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
      appDir = path.resolve(root, "app") + path.sep;
      for (const file of formStackFiles) formStack.add(path.join(appDir, file));
    },
    // The module graph is complete here, before chunks are made.
    buildEnd() {
      // What the shell imports statically.
      for (const file of layoutRouteModules) routeModules.add(path.resolve(root, file));
      const queue = shellRoots.map((file) => path.resolve(root, file));
      const seen = new Set<string>();
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        const info = this.getModuleInfo(id);
        if (!info) continue;
        if (!routeModules.has(id)) {
          shell.add(id);
          const routerImport = info.importedIds.find((imported) => router.test(imported));
          if (routerImport) this.error(`${path.relative(root, id)} is in the shell chunk and imports React Router: use ~/lib/routing (decision 031)`);
        }
        // Our own modules only: a library barrel (radix-ui) statically imports every part of itself,
        // most of which tree-shaking drops; the parts a shell module really uses come with it.
        for (const imported of info.importedIds) if (imported.startsWith(appDir)) queue.push(imported);
      }
    },
  };
}
