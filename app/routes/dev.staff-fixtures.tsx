import { data } from "react-router";
import { createOnboardingFixture, fixtureSchema } from "~/features/staff/test-fixtures.server";
import type { Route } from "./+types/dev.staff-fixtures";

/**
 * POST /dev/staff-fixtures (JSON) — an onboarding application for the staff console's integration
 * tests. Exists only when APP_ENV=test: anywhere else it answers 404 and writes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (context.services.config.APP_ENV !== "test") throw data(null, { status: 404 });
  const parsed = fixtureSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message }, { status: 400 });
  return Response.json(await createOnboardingFixture(context.services, parsed.data));
}

export function loader() {
  throw data(null, { status: 404 });
}
