import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toast";
import { useForm } from "~/lib/forms/use-form";
import { formatPhone, PHONE_HINT, PHONE_INPUT_MAX } from "~/lib/phone";
import { AccountField, toastFirstProblem } from "~/features/auth/auth-forms";
import { TEXT_MAX, type AuthResult } from "~/features/auth/messages";
import { toastResult } from "~/features/auth/result-toast";
import { changePasswordSchema, profileSchema } from "~/features/auth/schemas";
import { accountPaths } from "./paths";

/** The blocks of My Account and its settings pages. Every form posts to its page's action with an `intent`. */

/** A settings page under My Account: the way back, its title and what it is for. */
export function AccountSubpage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={accountPaths.overview} className="text-primary hover:underline">
          My Account
        </Link>
      </nav>
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-muted-foreground">{intro}</p>
      </div>
      {children}
    </div>
  );
}

export function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId}>
      <Card>
        <CardHeader>
          <CardTitle as="h2" id={headingId}>
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </Card>
    </section>
  );
}

/** What every /account form shares: its fetcher, its toasts, no focus move (the toast says it). */
const accountForm = (form: string) => ({ form, focusFirstError: false, onInvalid: toastFirstProblem, onResult: toastResult });

export function ProfileForm({ fullName, phone }: { fullName: string; phone: string }) {
  // The saved values stay in the fields: no fresh form after a success.
  const { fetcher, onSubmit } = useForm<AuthResult>({ ...accountForm("profile"), schema: profileSchema, resetOn: () => false });
  return (
    <fetcher.Form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="profile" />
      <AccountField label="Full name" name="fullName" defaultValue={fullName} autoComplete="name" maxLength={TEXT_MAX} aria-required="true" />
      <AccountField label="Phone (optional)" name="phone" type="tel" inputMode="tel" defaultValue={phone && formatPhone(phone)} autoComplete="tel" maxLength={PHONE_INPUT_MAX} hint={PHONE_HINT} />
      <Button type="submit" loading={fetcher.state !== "idle"} className="self-start">
        Save changes
      </Button>
    </fetcher.Form>
  );
}

export function PasswordForm() {
  const { fetcher, formKey, onSubmit } = useForm<AuthResult>({ ...accountForm("password"), schema: changePasswordSchema });
  const reasons = fetcher.data && fetcher.data.status !== "success" ? fetcher.data.reasons : undefined;
  return (
    <fetcher.Form key={formKey} method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="password" />
      <AccountField label="Current password" name="currentPassword" type="password" autoComplete="current-password" aria-required="true" />
      <AccountField label="New password" name="password" type="password" autoComplete="new-password" aria-required="true" />
      {reasons?.length ? (
        <ul className="-mt-2 list-disc pl-5 text-sm text-destructive">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <AccountField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" aria-required="true" />
      <Button type="submit" loading={fetcher.state !== "idle"} className="self-start">
        Change password
      </Button>
    </fetcher.Form>
  );
}

export function SignOutEverywhereForm() {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="sign-out-all" />
      <Button type="submit" variant="outline">
        Sign out of all devices
      </Button>
    </Form>
  );
}

export function DownloadDataForm() {
  // A native POST: the browser saves the JSON attachment.
  return (
    <Form method="post" action="/account/export" reloadDocument>
      <Button type="submit" variant="outline">
        Download my data
      </Button>
    </Form>
  );
}

export function DeleteAccountForm() {
  const { fetcher, onSubmit } = useForm<AuthResult>({
    ...accountForm("delete"),
    validate: (form): Record<string, string> => (new FormData(form).get("password") ? {} : { password: "Please enter your password to confirm." }),
    onInvalid: () => toast.error("Account Deletion Failed", "Please enter your password to confirm."),
    resetOn: () => false,
  });
  return (
    <fetcher.Form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="delete" />
      <p className="text-sm">
        This permanently deletes your account and the personal data we hold about you, and signs you out. It cannot be undone.
      </p>
      <AccountField label="Your password" name="password" type="password" autoComplete="current-password" aria-required="true" />
      <Button type="submit" variant="destructive" loading={fetcher.state !== "idle"} className="self-start">
        Delete my account
      </Button>
    </fetcher.Form>
  );
}
