import { data } from "react-router";
import type { Route } from "./+types/_site.$";
import { NotFound } from "~/components/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | FixiT" },
  { name: "robots", content: "noindex" },
];

// Any path no other route claims: answer 404 and note the path in the server log.
export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  context.services.logger.warn({ path }, "404: no route for path");
  return data(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFound landmark={false} />;
}
