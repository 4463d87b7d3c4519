import { Outlet } from "react-router";
import { StaffLayoutError } from "~/features/staff/components/staff-error";
import { StaffShell } from "~/features/staff/components/staff-shell";
import { requireStaff } from "~/features/staff/guard.server";
import { countFailedOutboxJobs } from "~/features/staff/outbox-admin.server";
import { staffMeta } from "~/features/staff/meta";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => staffMeta("Dashboard");

/** The console's frame. Each child route checks access itself too (loaders run in parallel). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const failedJobs = await countFailedOutboxJobs(context.services.db);
  return { user: { name: user.name, email: user.email, role: user.role }, failedJobs };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffShell user={loaderData.user} failedJobs={loaderData.failedJobs}>
      <Outlet />
    </StaffShell>
  );
}

export const ErrorBoundary = StaffLayoutError;
