import type { Route } from "./+types/_site.fixer-register";
import { publicPage } from "~/content/pages";
import { FixerRegisterPage } from "~/features/fixers/register-page";
import { registerFixerAction } from "~/features/fixers/registration.server";
import { pageMeta } from "~/lib/seo";

const page = publicPage("/fixer-register");

export const meta: Route.MetaFunction = () => pageMeta(page);

/** Saves the details and creates the fee checkout (app/features/fixers/registration.server.ts). */
export const action = (args: Route.ActionArgs) => registerFixerAction(args);

export default function FixerRegisterRoute() {
  return <FixerRegisterPage />;
}
