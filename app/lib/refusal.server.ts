import type { EntryContext } from "react-router";

/**
 * A refused POST (any 4xx: rate limit, bad input, unreadable form) from a client that did not ask
 * for HTML — a script, a bot, a load generator — is answered with the action's own result as a few
 * bytes of JSON instead of a rendered page, so a flood of refusals costs little. A browser's form
 * POST always asks for text/html and still gets the page with the message in it.
 */
export function refusalWithoutPage(request: Request, status: number, headers: Headers, context: EntryContext): Response | null {
  if (request.method !== "POST" || status < 400 || status >= 500) return null;
  if ((request.headers.get("accept") ?? "").includes("text/html")) return null;
  const result = Object.values(context.staticHandlerContext.actionData ?? {})[0] ?? null;
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(result), { status, headers });
}
