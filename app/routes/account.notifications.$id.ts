import type { Route } from "./+types/account.notifications.$id";
import { requireUser } from "~/features/auth/guard.server";
import { openNotification } from "~/features/notifications/pages.server";

/** Opens one of the person's own notifications: marks it read and redirects to what it is about (anyone else's: 404). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return openNotification(context, user, params.id);
}
