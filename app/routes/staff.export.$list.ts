import { exportStaffList } from "~/features/staff/list-loader.server";
import type { Route } from "./+types/staff.export.$list";

/** GET /staff/export/<list>?<the list's filters>: the CSV of what the list shows (every page). Audited. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return exportStaffList(request, context, params.list);
}
