import { eq } from "drizzle-orm";
import { Outlet } from "react-router";
import { countAll } from "~/features/staff/lists/define";
import { StaffLayoutError } from "~/features/staff/components/staff-error";
import { StaffShell } from "~/features/staff/components/staff-shell";
import { requireStaff } from "~/features/staff/guard.server";
import { staffMeta } from "~/features/staff/meta";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => staffMeta("Dashboard");

/** The console's frame. Each child route checks access itself too (loaders run in parallel). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const [failed] = await context.services.db.select({ n: countAll }).from(outboxJobs).where(eq(outboxJobs.status, "failed"));
  return { user: { name: user.name, email: user.email, role: user.role }, failedJobs: failed?.n ?? 0 };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffShell user={loaderData.user} failedJobs={loaderData.failedJobs}>
      <Outlet />
    </StaffShell>
  );
}

export const ErrorBoundary = StaffLayoutError;
