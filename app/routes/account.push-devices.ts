import { redirect } from "react-router";
import type { Route } from "./+types/account.push-devices";
import { requireSignedIn } from "~/features/auth/guard.server";
import { notificationPaths } from "~/features/notifications/kinds";
import { pushDevicesAction } from "~/features/notifications/push-pages.server";

/** The devices list's island and Remove buttons post here; a GET goes to the list. */
export function loader() {
  return redirect(notificationPaths.list);
}

export async function action({ request, context }: Route.ActionArgs) {
  return pushDevicesAction(request, context, await requireSignedIn(request, context));
}
