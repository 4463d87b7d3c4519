import { data } from "react-router";
import type { Route } from "./+types/_site.emergency";
import { getOptionalUser } from "~/features/auth/guard.server";
import { EmergencyRequestPage } from "~/features/emergency/components/emergency-request-form";
import { emergencyRequestCopy, emergencyRequestPaths } from "~/features/emergency/request-copy";
import { emergencyFormData, submitEmergencyRequest } from "~/features/emergency/requests.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta({ title: emergencyRequestCopy.title, description: emergencyRequestCopy.metaDescription, path: emergencyRequestPaths.form });

/**
 * Anyone may open and fill it; rendered per request, never page-cached (decision 081). Signed out,
 * without the draft cookie and without ?service= and ?postcode=: no query.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  return data(await emergencyFormData(request, context, user), { headers: { "cache-control": "private, no-store" } });
}

/** "Check who is on call", "Send emergency request", or "Post it as a normal job instead". */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request, context);
  return submitEmergencyRequest(request, context, user);
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  if (!out.has("cache-control")) out.set("cache-control", loaderHeaders.get("cache-control") ?? "private, no-store");
  return out;
}

export default function EmergencyRoute({ loaderData }: Route.ComponentProps) {
  return (
    <EmergencyRequestPage
      key={loaderData.restored ? "draft" : "new"}
      defaults={loaderData.defaults}
      serviceOptions={loaderData.serviceOptions}
      answer={loaderData.answer}
      signedIn={loaderData.signedIn}
      restored={loaderData.restored}
      keptPhotos={loaderData.keptPhotos}
    />
  );
}
