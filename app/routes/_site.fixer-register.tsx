import { data } from "react-router";
import type { Route } from "./+types/_site.fixer-register";
import { publicPage } from "~/content/pages";
import { FixerRegisterPage } from "~/features/fixers/register-page";
import { registerFixerAction, registrationResume } from "~/features/fixers/registration.server";
import { pageMeta } from "~/lib/seo";

const page = publicPage("/fixer-register");

export const meta: Route.MetaFunction = () => pageMeta(page);

/** A signed-in person coming back resumes where their registration is (paid: the portal next; its checkout open: that checkout). */
export async function loader(args: Route.LoaderArgs) {
  return data({ resume: await registrationResume(args) }, { headers: { "cache-control": "private, no-store" } });
}

/** Saves the details and creates the fee checkout (app/features/fixers/registration.server.ts). */
export const action = (args: Route.ActionArgs) => registerFixerAction(args);

export default function FixerRegisterRoute({ loaderData }: Route.ComponentProps) {
  return <FixerRegisterPage resume={loaderData.resume} />;
}
