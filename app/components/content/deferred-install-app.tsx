import { deferredHydration } from "~/lib/deferred-hydration";

// /early-access's "Install FixiT" note hydrates from its own chunk (~/lib/deferred-hydration): it works
// as plain HTML until then (a disclosure; the install prompt's click is answered by /app-start.js), so
// its words and steps stay out of the page's first-load JavaScript (decision 073).
const server = import.meta.env.SSR ? (await import("./install-app")).InstallAppNote : null;

/** The installable app's note with its steps (/early-access, when no store address is set). */
export const DeferredInstallAppNote = deferredHydration(server, () => import("./install-app").then((m) => m.InstallAppNote));
