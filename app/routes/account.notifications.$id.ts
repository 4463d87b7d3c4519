import type { Route } from "./+types/account.notifications.$id";
import { requireUser } from "~/features/auth/guard.server";
import { notificationTarget, openNotification } from "~/features/notifications/pages.server";

/** Goes to what one of the person's own notifications is about, without reading it (a GET writes nothing); anyone else's: 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return notificationTarget(context, user, params.id);
}

/** Opens it from the list: marks it read and goes to what it is about (anyone else's: 404). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return openNotification(context, user, params.id);
}
