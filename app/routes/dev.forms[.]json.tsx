import { data } from "react-router";
import type { Route } from "./+types/dev.forms[.]json";
import { readFormsForTests } from "~/features/forms/test-read.server";

/**
 * GET /dev/forms.json — stored form rows and outbox jobs, for integration tests to count what a
 * request wrote. Exists only when APP_ENV=test: personal data is never listed anywhere else.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = context.services;
  if (config.APP_ENV !== "test") throw data(null, { status: 404 });
  return Response.json(await readFormsForTests(db), { headers: { "cache-control": "no-store" } });
}
