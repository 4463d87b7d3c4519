import { deferredHydration } from "~/lib/deferred-hydration";

const serverVipCodeForm = import.meta.env.SSR ? (await import("./vip-code-form")).VipCodeForm : null;

/**
 * The VIP code form at the foot of /early-access hydrates from its own chunk (~/lib/deferred-hydration):
 * until then it is a plain HTML form, which posts without JavaScript.
 */
export const DeferredVipCodeForm = deferredHydration(serverVipCodeForm, () => import("./vip-code-form").then((m) => m.VipCodeForm));
