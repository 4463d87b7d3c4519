import { ListPage } from "~/features/staff/components/list-page";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { loadStaffList } from "~/features/staff/list-loader.server";
import { onboardingList } from "~/features/staff/lists/onboarding.server";
import { staffMeta } from "~/features/staff/meta";
import type { Route } from "./+types/staff.onboarding._index";

export const meta: Route.MetaFunction = () => staffMeta("Onboarding applications");

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffList(request, context, onboardingList);
}

export default function StaffListPage({ loaderData }: Route.ComponentProps) {
  return <ListPage view={loaderData.view} />;
}

export const ErrorBoundary = StaffRouteError;
