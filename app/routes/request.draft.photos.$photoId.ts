import type { Route } from "./+types/request.draft.photos.$photoId";
import { getOptionalUser } from "~/features/auth/guard.server";
import { draftPhotoResponse } from "~/features/quotes/request.server";

/** A photo kept with a job draft (quotePaths.draftPhoto): only for the draft's browser or account. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return draftPhotoResponse(request, context, await getOptionalUser(request, context), params.photoId);
}
