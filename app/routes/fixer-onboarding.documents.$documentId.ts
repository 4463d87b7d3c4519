import { data } from "react-router";
import type { Route } from "./+types/fixer-onboarding.documents.$documentId";
import { requireUser } from "~/features/auth/guard.server";
import { downloadOwnDocument } from "~/features/fixers/onboarding.server";
import { parseId } from "~/lib/ids";

/** One of the signed-in fixer's own documents; anyone else gets a 404 (staff use the console). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const documentId = parseId(params.documentId);
  if (documentId === null) throw data("Not found", { status: 404 });
  return downloadOwnDocument(context, user, documentId);
}
