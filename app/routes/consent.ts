import { redirect } from "react-router";
import { submitConsentForm } from "~/features/consent/consent-form.server";
import type { Route } from "./+types/consent";

/** POST /consent: the cookie banner's choice sent as a plain form (no JavaScript yet); see consent-form.server.ts. */
export function action({ request, context }: Route.ActionArgs) {
  return submitConsentForm(request, context.services.config);
}

/** A GET (a typed URL, a prefetch) changes nothing. */
export function loader() {
  return redirect("/");
}
