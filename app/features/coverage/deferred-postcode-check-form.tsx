import { deferredHydration } from "~/lib/deferred-hydration";

const serverForm = import.meta.env.SSR ? (await import("./postcode-check-form")).PostcodeCheckForm : null;

/**
 * The service pages' postcode check, hydrated from its own chunk (~/lib/deferred-hydration): until
 * then it is the plain GET form the page's loader answers.
 */
export const DeferredPostcodeCheckForm = deferredHydration(serverForm, () => import("./postcode-check-form").then((m) => m.PostcodeCheckForm));
