import { redirect } from "react-router";
import { record, signOutEverywhere } from "~/features/auth/actions.server";
import { authMessages } from "~/features/auth/messages";
import { formAnswer } from "~/lib/forms/answer.server";
import type { Route } from "./+types/auth.sign-out";

/** POST /auth/sign-out: ends every session of the user (global scope), then goes to /. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { headers } = await signOutEverywhere(request, context);
    return redirect("/", { headers });
  } catch (error) {
    context.services.logger.error({ err: error }, "sign-out failed");
    await record(context, { type: "user_signout", details: { error: String(error), failed: true } });
    return formAnswer(500, { form: "sign-out", status: "error", title: authMessages.signOutFailed.title, message: authMessages.signOutFailed.text });
  }
}

/** A GET (a typed URL, a prefetch) signs nobody out. */
export function loader() {
  return redirect("/");
}
