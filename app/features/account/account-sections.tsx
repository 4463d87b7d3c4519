import { useId, useRef, type FormEvent, type ReactNode } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast";
import { formatPhone, PHONE_HINT, PHONE_INPUT_MAX } from "~/lib/phone";
import type { AuthResult } from "~/features/auth/messages";
import { changePasswordSchema, checkForm, profileSchema, TEXT_MAX } from "~/features/auth/schemas";
import { useResultToast } from "~/features/auth/use-result-toast";

/** The blocks of /account. Every form posts to the /account action with an `intent`. */

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

function Field({ label, hint, ...props }: React.ComponentProps<typeof Input> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...props} />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function valuesOf(form: HTMLFormElement) {
  return Object.fromEntries([...new FormData(form)].filter(([, v]) => typeof v === "string")) as Record<string, string>;
}

function preCheck(schema: Parameters<typeof checkForm>[0]) {
  return (event: FormEvent<HTMLFormElement>) => {
    const checked = checkForm(schema, valuesOf(event.currentTarget));
    if (!checked.ok) {
      event.preventDefault();
      toast.error(checked.problem.title, checked.problem.text);
    }
  };
}

export function ProfileForm({ fullName, phone }: { fullName: string; phone: string }) {
  const fetcher = useFetcher<AuthResult>({ key: "profile" });
  useResultToast(fetcher.data);
  return (
    <fetcher.Form method="post" onSubmit={preCheck(profileSchema)} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="profile" />
      <Field label="Full name" name="fullName" defaultValue={fullName} autoComplete="name" maxLength={TEXT_MAX} aria-required="true" />
      <Field label="Phone (optional)" name="phone" type="tel" inputMode="tel" defaultValue={phone && formatPhone(phone)} autoComplete="tel" maxLength={PHONE_INPUT_MAX} hint={PHONE_HINT} />
      <Button type="submit" loading={fetcher.state !== "idle"} className="self-start">
        Save changes
      </Button>
    </fetcher.Form>
  );
}

export function PasswordForm() {
  const fetcher = useFetcher<AuthResult>({ key: "password" });
  const formRef = useRef<HTMLFormElement>(null);
  useResultToast(fetcher.data, (result) => {
    if (result.ok) formRef.current?.reset();
  });
  const reasons = fetcher.data && !fetcher.data.ok ? fetcher.data.reasons : undefined;
  return (
    <fetcher.Form ref={formRef} method="post" onSubmit={preCheck(changePasswordSchema)} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="password" />
      <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" aria-required="true" />
      <Field label="New password" name="password" type="password" autoComplete="new-password" aria-required="true" />
      {reasons?.length ? (
        <ul className="-mt-2 list-disc pl-5 text-sm text-destructive">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" aria-required="true" />
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
  const fetcher = useFetcher<AuthResult>({ key: "delete" });
  useResultToast(fetcher.data);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!valuesOf(event.currentTarget).password) {
      event.preventDefault();
      toast.error("Account Deletion Failed", "Please enter your password to confirm.");
    }
  }
  return (
    <fetcher.Form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="delete" />
      <p className="text-sm">
        This permanently deletes your account and the personal data we hold about you, and signs you out. It cannot be undone.
      </p>
      <Field label="Your password" name="password" type="password" autoComplete="current-password" aria-required="true" />
      <Button type="submit" variant="destructive" loading={fetcher.state !== "idle"} className="self-start">
        Delete my account
      </Button>
    </fetcher.Form>
  );
}
