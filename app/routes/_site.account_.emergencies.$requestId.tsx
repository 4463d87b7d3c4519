import type { Route } from "./+types/_site.account_.emergencies.$requestId";
import { EmergencyRequestPageView } from "~/features/emergency/components/emergency-request-view";
import { emergencyRequestCopy, emergencyRequestPaths } from "~/features/emergency/request-copy";
import { requestPageAction, requestPageLoader } from "~/features/emergency/request-page.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: emergencyRequestCopy.page.title, description: "Your emergency request on FixiT.", path: emergencyRequestPaths.request(Number(params.requestId)), noindex: true });

/** The customer's own request only: anyone else's id is 404, like one that does not exist. Where dispatch stands, and its timeline. */
export const loader = (args: Route.LoaderArgs) => requestPageLoader(args);

/** "Cancel this request" while it is open: 303 back with a flash; no longer open → 409. */
export const action = (args: Route.ActionArgs) => requestPageAction(args);

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function EmergencyRequestRoute({ loaderData }: Route.ComponentProps) {
  return <EmergencyRequestPageView request={loaderData.request} dispatch={loaderData.dispatch} timeline={loaderData.timeline} />;
}
