import type { Route } from "./+types/_site.fixer.emergency";
import { OnCallPage } from "~/features/emergency/components/on-call-page";
import { emergencyCopy, emergencyPaths } from "~/features/emergency/copy";
import { onCallPageAction, onCallPageLoader } from "~/features/emergency/pages.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta({ title: emergencyCopy.title, description: emergencyCopy.metaDescription, path: emergencyPaths.fixerPage, noindex: true });

/** Approved fixers only: signed out → sign in; anyone else 403 (decision 079). */
export const loader = (args: Route.LoaderArgs) => onCallPageLoader(args);

/** The services and rates, the weekly hours, and "On call now" / "Off now": plain posts, 303 back with a flash. */
export const action = (args: Route.ActionArgs) => onCallPageAction(args);

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function EmergencyRoute({ loaderData }: Route.ComponentProps) {
  return <OnCallPage page={loaderData} />;
}
