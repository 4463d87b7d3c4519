import type { Route } from "./+types/bookings.$bookingId.done-photos.$photoId";
import { getOptionalUser } from "~/features/auth/guard.server";
import { donePhotoResponse } from "~/features/bookings/done-photos.server";
import { isStaffRole } from "~/features/staff/roles.server";

/** A photo the fixer added when marking the job done: the booking's customer and fixer, and staff; anyone else 404 (bookingPaths.donePhoto). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  return donePhotoResponse(context, user, isStaffRole(user?.role), params.bookingId, params.photoId);
}
