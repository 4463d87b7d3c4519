import { clientActionWithin, clientErrorMessage } from "~/lib/forms/client-errors";
import { vipMessages } from "./messages";
import { VIP_CODE_FORM, type VipCodeResult } from "./schemas";

// Apart from the form (./vip-code-form.tsx), which hydrates after the page (./deferred-vip-code-form.tsx).
/**
 * The route's clientAction for the code form: a failure that never reached the server (offline,
 * timeout, 5xx) becomes the 'Error' answer instead of the page's error screen.
 */
export function vipCodeClientAction(serverAction: () => Promise<unknown>): Promise<unknown> {
  return clientActionWithin(
    serverAction,
    (error): VipCodeResult => ({
      form: VIP_CODE_FORM,
      status: "error",
      title: vipMessages.error.title,
      message: error instanceof Error && error.name === "TimeoutError" ? clientErrorMessage(error) : vipMessages.error.text,
    }),
  );
}
