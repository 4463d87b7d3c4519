import type { Route } from "./+types/_site.account_.data";
import { AccountSubpage, DeleteAccountForm, DownloadDataForm, Section } from "~/features/account/account-sections";
import { accountAction, accountHeaders, accountSettingsLoader } from "~/features/account/actions.server";
import { accountPaths } from "~/features/account/paths";
import { pageMeta } from "~/lib/seo";

const title = "Your data";
const intro = "Your rights under UK GDPR: get a copy of your data, or delete your account.";

export const meta: Route.MetaFunction = () => pageMeta({ title, description: intro, path: accountPaths.yourData, noindex: true });

export function loader({ request, context }: Route.LoaderArgs) {
  return accountSettingsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context, ["delete"]);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return accountHeaders(actionHeaders);
}

export default function AccountDataPage() {
  return (
    <AccountSubpage title={title} intro={intro}>
      <Section id="download" title="A copy of your data" description="Everything we hold about you, as one JSON file.">
        <DownloadDataForm />
      </Section>
      <Section id="delete" title="Delete your account">
        <DeleteAccountForm />
      </Section>
    </AccountSubpage>
  );
}
