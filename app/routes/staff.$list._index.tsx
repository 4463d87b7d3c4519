import { isRouteErrorResponse } from "react-router";
import { ListPage } from "~/features/staff/components/list-page";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { loadStaffList } from "~/features/staff/list-loader.server";
import { staffMeta } from "~/features/staff/meta";
import type { Route } from "./+types/staff.$list._index";

/**
 * Every staff list (/staff/contacts, /staff/users, …): one page driven by the typed list registry
 * (app/features/staff/lists), which the CSV export reads too. An unknown list is a 404 in the console.
 */
export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  staffMeta(loaderData?.view.title ?? (isRouteErrorResponse(error) && error.status === 404 ? "Not found" : "No access"));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadStaffList(request, context, params.list);
}

export default function StaffListPage({ loaderData }: Route.ComponentProps) {
  return <ListPage view={loaderData.view} />;
}

export const ErrorBoundary = StaffRouteError;
