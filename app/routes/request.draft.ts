import { redirect } from "react-router";
import type { Route } from "./+types/request.draft";
import { getOptionalUser } from "~/features/auth/guard.server";
import { quotePaths } from "~/features/quotes/paths";
import { discardJobDraft } from "~/features/quotes/request.server";

/** POST /request/draft: "Start a new job" deletes the kept draft and its photos, then opens the empty form. */
export async function action({ request, context }: Route.ActionArgs) {
  return discardJobDraft(request, context, await getOptionalUser(request, context));
}

export const loader = () => redirect(quotePaths.request);
