import { clientActionWithin, clientErrorMessage } from "~/lib/forms/client-errors";
import type { FormName, PublicFormResult } from "./form-fields";

const formNames: readonly FormName[] = ["investor", "help", "waitlist", "feedback", "recruitment"];

/**
 * A route's clientAction for pages with public forms: a failure that never reached the server
 * (offline, timeout, 5xx) becomes the form's failure answer instead of the page's error screen.
 * A plain POST without JavaScript skips this. Apart from the form hook: a route's clientAction is a
 * chunk of its own, and it should not pull React into it.
 */
export async function formClientAction({ request, serverAction }: { request: Request; serverAction: () => Promise<unknown> }) {
  let form: FormName = "help";
  try {
    const intent = (await request.clone().formData()).get("intent");
    if (intent === "donation") form = "waitlist";
    else if (formNames.includes(intent as FormName)) form = intent as FormName;
  } catch {
    /* unreadable body: keep the default */
  }
  return clientActionWithin(serverAction, (error): PublicFormResult => ({ form, status: "error", message: clientErrorMessage(error), network: true }));
}
