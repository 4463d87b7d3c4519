import { serveRecruitmentCv } from "~/features/staff/documents.server";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/staff.files.cv.$id";

/** GET /staff/files/cv/<application id>[?view=inline]: a job applicant's CV (PDFs may open in the browser). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const inline = new URL(request.url).searchParams.get("view") === "inline";
  return serveRecruitmentCv(context, user, parseId(params.id) ?? notFound(), inline);
}
