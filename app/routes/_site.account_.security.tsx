import type { Route } from "./+types/_site.account_.security";
import { AccountSubpage, PasswordForm, Section, SignOutEverywhereForm } from "~/features/account/account-sections";
import { accountAction, accountHeaders, accountSettingsLoader } from "~/features/account/actions.server";
import { accountPaths } from "~/features/account/paths";
import { pageMeta } from "~/lib/seo";

const title = "Password and devices";
const intro = "Change your password, or end every session if you are signed in somewhere you no longer use.";

export const meta: Route.MetaFunction = () => pageMeta({ title, description: intro, path: accountPaths.security, noindex: true });

export function loader({ request, context }: Route.LoaderArgs) {
  return accountSettingsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context, ["password", "sign-out-all"]);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return accountHeaders(actionHeaders);
}

export default function AccountSecurityPage() {
  return (
    <AccountSubpage title={title} intro={intro}>
      <Section id="password" title="Change password" description="Changing your password signs you out on every other device.">
        <PasswordForm />
      </Section>
      <Section id="devices" title="Devices" description="Signed in somewhere you no longer use? End every session, including this one.">
        <SignOutEverywhereForm />
      </Section>
    </AccountSubpage>
  );
}
