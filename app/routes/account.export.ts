import { redirect } from "react-router";
import { downloadAccountData } from "~/features/account/account.server";
import { requireUser } from "~/features/auth/guard.server";
import type { Route } from "./+types/account.export";

/** POST /account/export: 'Download my data' — a JSON attachment of everything stored about the user. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return downloadAccountData(context, user);
}

export function loader() {
  return redirect("/account");
}
