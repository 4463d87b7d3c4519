import { serveOnboardingDocument } from "~/features/staff/documents.server";
import { parseIdParam, requireStaff } from "~/features/staff/guard.server";
import type { Route } from "./+types/staff.files.onboarding.$id";

/** GET /staff/files/onboarding/<document id>[?view=inline]: an onboarding document (PDFs may open in the browser). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const inline = new URL(request.url).searchParams.get("view") === "inline";
  return serveOnboardingDocument(context, user, parseIdParam(params.id), inline);
}
