import type { Route } from "./+types/emergency.$requestId.photos.$index";
import { getOptionalUser } from "~/features/auth/guard.server";
import { requestPhotoFor } from "~/features/emergency/dispatch.server";
import { isStaffRole } from "~/features/staff/roles.server";
import { parseId } from "~/lib/ids";
import { photoNotFound, privatePhotoResponse } from "~/lib/photos/photos.server";

/** An emergency request's photo: its customer, the fixers it was offered to, and staff; anyone else 404 (decision 082). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  const requestId = parseId(params.requestId);
  const index = parseId(params.index);
  if (!user || requestId === null || index === null) return photoNotFound();
  const photo = await requestPhotoFor(context.services.db, { id: user.id, staff: isStaffRole(user.role) }, requestId, index);
  return privatePhotoResponse(context.services.storage, photo);
}
