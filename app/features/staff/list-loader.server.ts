import type { AppLoadContext } from "react-router";
import { notFound, requireStaff } from "./guard.server";
import { findStaffList } from "./lists/index.server";
import { exportListCsv, loadListView } from "./lists/view.server";

/**
 * /staff/<list>: the access check first (admins only where the list says so; an unknown list needs
 * the staff role before it is a 404, so the console's list names are not probed from outside),
 * then the page of rows.
 */
export async function loadStaffList(request: Request, context: AppLoadContext, listId: string | undefined) {
  const list = findStaffList(listId);
  await requireStaff(request, context, list?.adminOnly ? { admin: true } : {});
  if (!list) notFound();
  return { view: await loadListView(context, list, request) };
}

/** /staff/export/<list>: the CSV of a list as filtered, for anyone who may see the list. */
export async function exportStaffList(request: Request, context: AppLoadContext, listId: string | undefined) {
  const list = findStaffList(listId);
  const user = await requireStaff(request, context, list?.adminOnly ? { admin: true } : {});
  if (!list) notFound();
  return exportListCsv(context, list, request, user);
}
