import { serveRecruitmentCv } from "~/features/staff/documents.server";
import { parseIdParam, requireStaff } from "~/features/staff/guard.server";
import type { Route } from "./+types/staff.files.cv.$id";

/** GET /staff/files/cv/<application id>[?view=inline]: a job applicant's CV (PDFs may open in the browser). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const inline = new URL(request.url).searchParams.get("view") === "inline";
  return serveRecruitmentCv(context, user, parseIdParam(params.id), inline);
}
