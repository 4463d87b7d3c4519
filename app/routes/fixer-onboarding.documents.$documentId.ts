import type { Route } from "./+types/fixer-onboarding.documents.$documentId";
import { requireUser } from "~/features/auth/guard.server";
import { downloadOwnDocument } from "~/features/fixers/onboarding.server";

/** One of the signed-in fixer's own documents; anyone else gets a 404 (staff use the console). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return downloadOwnDocument(context, user, Number(params.documentId));
}
