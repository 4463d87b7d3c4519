import { data } from "react-router";
import type { Route } from "./+types/_site.account_.details";
import { AccountSubpage, ProfileForm, Section } from "~/features/account/account-sections";
import { loadAccount } from "~/features/account/account.server";
import { accountAction, accountHeaders } from "~/features/account/actions.server";
import { accountPaths } from "~/features/account/paths";
import { requireUser } from "~/features/auth/guard.server";
import { pageMeta } from "~/lib/seo";

const title = "Your details";
const intro = "The name and phone number on your account. Your email address is the one you sign in with; it cannot be changed here.";

export const meta: Route.MetaFunction = () => pageMeta({ title, description: intro, path: accountPaths.details, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const account = await loadAccount(context.services.db, user.id);
  if (!account) throw data(null, { status: 404 });
  return data({ fullName: account.fullName, phone: account.phone ?? "" }, { headers: { "cache-control": "private, no-store" } });
}

export function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context, ["profile"]);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return accountHeaders(actionHeaders);
}

export default function AccountDetailsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AccountSubpage title={title} intro={intro}>
      <Section id="profile" title="Name and phone">
        <ProfileForm fullName={loaderData.fullName} phone={loaderData.phone} />
      </Section>
    </AccountSubpage>
  );
}
