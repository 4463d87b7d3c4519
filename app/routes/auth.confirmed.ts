import { redirect } from "react-router";
import { authMessages } from "~/features/auth/messages";
import { getOptionalUser, signInReturnPath } from "~/features/auth/guard.server";
import { withFlash } from "~/lib/flash.server";
import type { Route } from "./+types/auth.confirmed";

/**
 * Where a confirmation link lands once better-auth has confirmed the address and signed the visitor
 * in: on to where they were when they signed up (`next`, under the sign-in return rules), with the
 * flash "Email confirmed — welcome to FixiT". A link better-auth refused (expired, used) arrives
 * with `error` and no session: the sign-in page says so (signing in offers a new link). A visit
 * without a session (a typed URL) just goes home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const next = signInReturnPath(params.get("next"));
  const { config } = context.services;
  if (!(await getOptionalUser(request, context))) {
    if (!params.has("error")) return redirect("/");
    return redirect(`/auth?from=${encodeURIComponent(next)}`, { headers: await withFlash(config, { kind: "error", ...authMessages.confirmLinkFailed }, { "cache-control": "no-store" }) });
  }
  return redirect(next, { headers: await withFlash(config, { kind: "success", ...authMessages.emailConfirmed }, { "cache-control": "no-store" }) });
}
