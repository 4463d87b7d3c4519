import { data, redirect } from "react-router";
import type { Route } from "./+types/_site.fixer-onboarding";
import { requireUser } from "~/features/auth/guard.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { loadPortal, submitOnboarding, unlockFixerPortal } from "~/features/fixers/onboarding.server";
import { FixerPortalPage } from "~/features/fixers/portal";
import { pageMeta } from "~/lib/seo";

/** The Fixer Onboarding Portal (sign-in required): the code gate, the profile form, the status. */
export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Fixer Onboarding Portal", description: "Complete your FixiT fixer profile.", path: "/fixer-onboarding", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const view = await loadPortal(context, user);
  const submitted = new URL(request.url).searchParams.get("submitted") === "1";
  return data({ view, userId: user.id, submitted }, { headers: { "cache-control": "private, no-store" } });
}

/**
 * intent=unlock (the code), or a multipart submission of the form. With JavaScript the form goes to
 * /fixer-onboarding/submit instead (upload progress); this path serves browsers without it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const answer = await submitOnboarding(request, context, user);
    if (answer.body.ok) throw redirect("/fixer-onboarding?submitted=1", { status: 303 });
    return data(answer.body, { status: answer.status, headers: answer.headers });
  }
  const form = await readTextForm(request);
  if (form?.get("intent") === "unlock") {
    const answer = await unlockFixerPortal(context, user, form.get("code"));
    return data(answer.body, { status: answer.status, headers: answer.headers });
  }
  return data({ ok: false as const, title: "Invalid request", description: "Please try again." }, { status: 400 });
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function FixerOnboardingRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <FixerPortalPage view={loaderData.view} userId={loaderData.userId} submitted={loaderData.submitted} actionData={actionData} />;
}
