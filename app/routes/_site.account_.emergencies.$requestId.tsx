import { data } from "react-router";
import type { Route } from "./+types/_site.account_.emergencies.$requestId";
import { requireUser } from "~/features/auth/guard.server";
import { EmergencyRequestPageView } from "~/features/emergency/components/emergency-request-view";
import { emergencyRequestCopy, emergencyRequestPaths } from "~/features/emergency/request-copy";
import { emergencyRequestFor } from "~/features/emergency/requests.server";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: emergencyRequestCopy.page.title, description: "Your emergency request on FixiT.", path: emergencyRequestPaths.request(Number(params.requestId)), noindex: true });

const noStore = { "cache-control": "private, no-store" };

/** The customer's own request only: anyone else's id is 404, like one that does not exist. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const id = parseId(params.requestId);
  const found = id === null ? null : await emergencyRequestFor(context.services.db, user.id, id);
  if (!found) throw data("There is no such emergency request on your account.", { status: 404, headers: noStore });
  return data({ request: found }, { headers: noStore });
}

export function headers() {
  return noStore;
}

export default function EmergencyRequestRoute({ loaderData }: Route.ComponentProps) {
  return <EmergencyRequestPageView request={loaderData.request} />;
}
