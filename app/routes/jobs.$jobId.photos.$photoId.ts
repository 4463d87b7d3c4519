import type { Route } from "./+types/jobs.$jobId.photos.$photoId";
import { getOptionalUser } from "~/features/auth/guard.server";
import { jobPhotoResponse } from "~/features/quotes/customer-jobs.server";

/** A job photo: its customer or a matched fixer only; anyone else 404 (quotePaths.jobPhoto). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  return jobPhotoResponse(context, user, params.jobId, params.photoId);
}
