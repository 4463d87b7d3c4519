import type { Route } from "./+types/unsubscribe.one-click";
import { oneClickAction, oneClickLoader } from "~/features/notifications/pages.server";

/** RFC 8058's one-click unsubscribe (the List-Unsubscribe URL): POST unsubscribes, GET shows the page that asks. */
export function loader({ request }: Route.LoaderArgs) {
  return oneClickLoader(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return oneClickAction(request, context);
}
