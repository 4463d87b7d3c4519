import type { Route } from "./+types/bookings.$bookingId.case-photos.$photoId";
import { getOptionalUser } from "~/features/auth/guard.server";
import { casePhotoResponse } from "~/features/bookings/cases.server";
import { isStaffRole } from "~/features/staff/roles.server";

/** A photo either side added to a case: the booking's customer and fixer, and staff; anyone else 404 (bookingPaths.casePhoto). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  return casePhotoResponse(context, user, isStaffRole(user?.role), params.bookingId, params.photoId);
}
