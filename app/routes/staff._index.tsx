import { DashboardView } from "~/features/staff/components/dashboard-view";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { loadDashboard } from "~/features/staff/dashboard.server";
import { requireStaff } from "~/features/staff/guard.server";
import { staffMeta } from "~/features/staff/meta";
import type { Route } from "./+types/staff._index";

export const meta: Route.MetaFunction = () => staffMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  return { dashboard: await loadDashboard(context.services.db), name: user.name };
}

export default function StaffDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardView data={loaderData.dashboard} name={loaderData.name} />;
}

export const ErrorBoundary = StaffRouteError;
