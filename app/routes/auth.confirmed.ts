import { redirect } from "react-router";
import { getOptionalUser } from "~/features/auth/guard.server";
import { withFlash } from "~/lib/flash.server";
import type { Route } from "./+types/auth.confirmed";

/**
 * Where a confirmation link lands once better-auth has confirmed the address and signed the visitor
 * in: on to the home page, with the flash "Email confirmed — welcome to FixiT". A visit without a
 * session (a typed URL) just goes home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await getOptionalUser(request, context))) return redirect("/");
  const flash = { kind: "success", title: "Email confirmed — welcome to FixiT", text: "" } as const;
  return redirect("/", { headers: withFlash(context.services.config, flash, { "cache-control": "no-store" }) });
}
