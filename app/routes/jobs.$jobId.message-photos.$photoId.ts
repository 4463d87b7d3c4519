import type { Route } from "./+types/jobs.$jobId.message-photos.$photoId";
import { getOptionalUser } from "~/features/auth/guard.server";
import { messagePhotoResponse } from "~/features/quotes/message-photos.server";
import { isStaffRole } from "~/features/staff/roles.server";

/** A message's photo: the thread's customer and fixer while the message is shown, and staff; anyone else 404 (quotePaths.messagePhoto). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  return messagePhotoResponse(context, user, isStaffRole(user?.role), params.jobId, params.photoId);
}
