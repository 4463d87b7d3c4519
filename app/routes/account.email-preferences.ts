import { redirect } from "react-router";
import type { Route } from "./+types/account.email-preferences";
import { requireUser } from "~/features/auth/guard.server";
import { notificationPaths } from "~/features/notifications/kinds";
import { emailPreferencesAction } from "~/features/notifications/pages.server";

/** The account page's email-preferences form posts here; a GET goes to the form. */
export function loader() {
  return redirect(notificationPaths.settings);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return emailPreferencesAction(request, context, user);
}
