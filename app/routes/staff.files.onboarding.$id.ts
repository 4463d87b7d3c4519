import { serveOnboardingDocument } from "~/features/staff/documents.server";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/staff.files.onboarding.$id";

/** GET /staff/files/onboarding/<document id>[?view=inline]: an onboarding document (PDFs may open in the browser). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const inline = new URL(request.url).searchParams.get("view") === "inline";
  return serveOnboardingDocument(context, user, parseId(params.id) ?? notFound(), inline);
}
