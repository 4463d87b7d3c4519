import { redirect } from "react-router";
import { exportAccountData } from "~/features/account/account.server";
import { requireUser } from "~/features/auth/guard.server";
import { contentDisposition } from "~/lib/download-headers";
import type { Route } from "./+types/account.export";

/** POST /account/export: 'Download my data' — a JSON attachment of everything stored about the user. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const body = JSON.stringify(await exportAccountData(context.services.db, user.id), null, 2);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": contentDisposition("attachment", `fixit-account-data-${date}.json`),
      "cache-control": "no-store",
    },
  });
}

export function loader() {
  return redirect("/account");
}
