import { redirect } from "react-router";
import type { Route } from "./+types/r.$code";
import { REFERRAL_CODE } from "~/features/bookings/referrals";

/** A referral link: to the sign-up form, carrying the code (a code of the wrong shape is dropped). */
export function loader({ params }: Route.LoaderArgs) {
  const code = String(params.code ?? "").toLowerCase();
  const to = REFERRAL_CODE.test(code) ? `/auth?view=signup&ref=${code}` : "/auth?view=signup";
  return redirect(to, { headers: { "cache-control": "no-store" } });
}
