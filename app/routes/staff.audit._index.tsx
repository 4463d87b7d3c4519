import { ListPage } from "~/features/staff/components/list-page";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { loadStaffList } from "~/features/staff/list-loader.server";
import { auditList } from "~/features/staff/lists/audit.server";
import { staffMeta } from "~/features/staff/meta";
import type { Route } from "./+types/staff.audit._index";

export const meta: Route.MetaFunction = () => staffMeta("Audit trail");

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffList(request, context, auditList);
}

export default function StaffListPage({ loaderData }: Route.ComponentProps) {
  return <ListPage view={loaderData.view} />;
}

export const ErrorBoundary = StaffRouteError;
