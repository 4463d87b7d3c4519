import type { Route } from "./+types/fixer-onboarding.submit";
import { getOptionalUser } from "~/features/auth/guard.server";
import { submitOnboarding } from "~/features/fixers/onboarding.server";

/**
 * The onboarding form's upload endpoint for the browser's XMLHttpRequest (per-file progress): the
 * same service as the page's action, answered as JSON. Signed out → 401 (no redirect to follow).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = { "cache-control": "private, no-store" };
  if (request.method !== "POST") return Response.json({ ok: false, message: "Method not allowed" }, { status: 405, headers });
  const user = await getOptionalUser(request, context);
  if (!user) return Response.json({ ok: false, message: "Please sign in again." }, { status: 401, headers });
  const answer = await submitOnboarding(request, context, user);
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

export function loader() {
  return new Response("Not found", { status: 404 });
}
