import { useEffect } from "react";
import { data } from "react-router";
import { toast } from "~/components/ui/toast";
import { accountMessages, accountNotice } from "~/features/account/messages";
import {
  DeleteAccountForm,
  DownloadDataForm,
  PasswordForm,
  ProfileForm,
  Section,
  SignOutEverywhereForm,
} from "~/features/account/account-sections";
import { changePassword, deleteAccount, loadAccount, signOutAllDevices, updateProfile } from "~/features/account/account.server";
import { readAccountForm } from "~/features/auth/actions.server";
import { requireUser } from "~/features/auth/guard.server";
import type { AuthResult } from "~/features/auth/messages";
import { getVipMembership } from "~/features/vip/vip.server";
import { VipStatus } from "~/features/vip/vip-status";
import { StaffConsoleLink } from "~/features/staff/components/staff-console-link";
import { loadFixerStatus } from "~/features/fixers/account-status.server";
import { FixerAccountStatusView } from "~/features/fixers/account-status";
import { formatPhone } from "~/lib/phone";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/_site.account";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "My Account", description: "Your FixiT account: profile, password and your data.", path: "/account", noindex: true });

/** Guarded: a signed-out visitor is redirected to /auth?from=/account before anything is rendered. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const account = await loadAccount(context, user.id);
  if (!account) throw data(null, { status: 404 });
  const params = new URL(request.url).searchParams;
  const passwordChanged = params.get("updated") === "password";
  // A message another page sent the visitor here with (e.g. 'Access Denied' from the VIP pages).
  const noticeKey = accountNotice(params.get("notice")) ? params.get("notice") : null;
  const vipMembership = await getVipMembership(context.services.db, user.id);
  const fixerStatus = await loadFixerStatus(context.services.db, user);
  return data({ account, passwordChanged, noticeKey, vipMembership, fixerStatus }, { headers: { "cache-control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readAccountForm(request);
  if (!form.ok) return form.answer;
  const values = form.values;
  switch (values.intent) {
    case "profile":
      return updateProfile(context, user, values);
    case "password":
      return changePassword(request, context, user, values);
    case "sign-out-all":
      return signOutAllDevices(request, context);
    case "delete":
      return deleteAccount(request, context, user, values);
    default:
      return data<AuthResult>({ ok: false, title: "Invalid request", text: "Please try again." }, { status: 400 });
  }
}

/** The action's Set-Cookie (a new session after a password change, cleared cookies) reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  out.set("cache-control", "private, no-store");
  return out;
}

const accountTypeLabel = { customer: "Customer", fixer: "Fixer" } as Record<string, string>;

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { account, passwordChanged, noticeKey, vipMembership } = loaderData;
  const notice = accountNotice(noticeKey);
  useEffect(() => {
    if (passwordChanged) toast.success(accountMessages.passwordChanged.title, accountMessages.passwordChanged.text);
  }, [passwordChanged]);
  useEffect(() => {
    // Keyed on the string, so a revalidation after another form does not show it again.
    const shown = accountNotice(noticeKey);
    if (shown) toast.error(shown.title, shown.text);
  }, [noticeKey]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold">My Account</h1>
      {passwordChanged ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          <strong>{accountMessages.passwordChanged.title}.</strong> {accountMessages.passwordChanged.text}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <strong>{notice.title}.</strong> {notice.text}
        </p>
      ) : null}

      <StaffConsoleLink />

      <Section id="profile" title="Your details">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted-foreground">Name</dt>
          <dd className="break-words">{account.fullName}</dd>
          <dt className="font-medium text-muted-foreground">Email</dt>
          <dd className="break-all">{account.email}</dd>
          <dt className="font-medium text-muted-foreground">Phone</dt>
          <dd className="break-words">{account.phone ? formatPhone(account.phone) : "Not given"}</dd>
          <dt className="font-medium text-muted-foreground">Account type</dt>
          <dd>{accountTypeLabel[account.userType] ?? "Customer"}</dd>
        </dl>
        <ProfileForm fullName={account.fullName} phone={account.phone ?? ""} />
      </Section>

      <Section id="vip-status" title="VIP early access" description="Members-only content for early supporters.">
        <VipStatus membership={vipMembership} />
      </Section>

      <Section id="fixer-status" title="Fixer application">
        <FixerAccountStatusView status={loaderData.fixerStatus} userType={account.userType} />
      </Section>

      <Section id="password" title="Change password" description="Changing your password signs you out on every other device.">
        <PasswordForm />
      </Section>

      <Section id="devices" title="Devices" description="Signed in somewhere you no longer use? End every session, including this one.">
        <SignOutEverywhereForm />
      </Section>

      <Section id="your-data" title="Your data" description="Your rights under UK GDPR: get a copy of your data, or delete your account.">
        <DownloadDataForm />
        <DeleteAccountForm />
      </Section>
    </div>
  );
}
