import { redirect } from "react-router";
import { getOptionalUser } from "~/features/auth/guard.server";
import { noticeCookie } from "~/lib/notice-cookie";
import type { Route } from "./+types/auth.confirmed";

/**
 * Where a confirmation link lands once better-auth has confirmed the address and signed the visitor
 * in: on to the home page, with the one-read notice "Email confirmed — welcome to FixiT". A visit
 * without a session (a typed URL) just goes home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.services;
  if (!(await getOptionalUser(request, context))) return redirect("/");
  const secure = config.isProduction && config.publicUrl.startsWith("https://");
  return redirect("/", { headers: { "set-cookie": noticeCookie("email-confirmed", secure), "cache-control": "no-store" } });
}
