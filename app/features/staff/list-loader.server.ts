import type { AppLoadContext } from "react-router";
import { requireStaff } from "./guard.server";
import type { AnyListDefinition } from "./lists/define";
import { exportListCsv, loadListView } from "./lists/view.server";
import { staffLists } from "./lists/index.server";
import { notFound } from "./guard.server";

/** A list page's loader: the access check (admins only where the list says so), then the page of rows. */
export async function loadStaffList(request: Request, context: AppLoadContext, list: AnyListDefinition) {
  await requireStaff(request, context, list.adminOnly ? { admin: true } : {});
  return { view: await loadListView(context, list, request) };
}

/** /staff/export/<list>: the CSV of a list as filtered, for anyone who may see the list. */
export async function exportStaffList(request: Request, context: AppLoadContext, listId: string | undefined) {
  const list = listId && Object.hasOwn(staffLists, listId) ? staffLists[listId] : undefined;
  const user = await requireStaff(request, context, list?.adminOnly ? { admin: true } : {});
  if (!list) notFound();
  return exportListCsv(context, list, request, user);
}
