import { useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast";
import type { AuthResult } from "./messages";
import { normaliseEmail } from "~/lib/email";
import { PHONE_HINT, PHONE_INPUT_MAX } from "~/lib/phone";
import { checkForm, signUpSchema, TEXT_MAX, EMAIL_MAX } from "./schemas";
import { useResultToast } from "./use-result-toast";

/** The sign-in, sign-up and reset forms of /auth. Each posts to the /auth action (works without JavaScript). */

function Field({ label, hint, ...props }: React.ComponentProps<typeof Input> & { label: string; hint?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hintId} {...props} />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Without JavaScript the toast never appears: the same message shows inline. */
export function NoScriptResult({ result }: { result: AuthResult | undefined }) {
  if (!result) return null;
  return (
    <div role={result.ok ? "status" : "alert"} className={result.ok ? "rounded-md bg-muted p-3 text-sm" : "rounded-md border border-destructive p-3 text-sm text-destructive"}>
      <p className="font-semibold">{result.title}</p>
      <p>{result.text}</p>
    </div>
  );
}

function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
  return values;
}

export function SignInForm({ from, onForgot }: { from: string; onForgot: () => void }) {
  const fetcher = useFetcher<AuthResult>({ key: "sign-in" });
  const resend = useFetcher<AuthResult>({ key: "resend" });
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  useResultToast(fetcher.data, (result) => setUnverifiedEmail(result.unverified ? (result.email ?? null) : null));
  useResultToast(resend.data);
  const busy = fetcher.state !== "idle";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = valuesOf(event.currentTarget);
    // Spec §5: with either field empty the submit silently stops.
    if (!normaliseEmail(values.email) || !values.password) event.preventDefault();
  }

  return (
    <div className="flex flex-col gap-4">
      <fetcher.Form method="post" action="/auth" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="from" value={from} />
        <Field label="Email" name="email" type="email" autoComplete="email" maxLength={EMAIL_MAX} aria-required="true" />
        <Field label="Password" name="password" type="password" autoComplete="current-password" aria-required="true" />
        <Button type="submit" loading={busy} className="w-full">
          Sign In
        </Button>
      </fetcher.Form>
      {unverifiedEmail ? (
        <resend.Form method="post" action="/auth" className="flex flex-col gap-2 rounded-md border border-border p-3">
          <p className="text-sm">Your email address is not confirmed yet.</p>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={unverifiedEmail} />
          <Button type="submit" variant="outline" loading={resend.state !== "idle"}>
            Resend confirmation email
          </Button>
        </resend.Form>
      ) : null}
      <Button type="button" variant="link" className="self-center" onClick={onForgot}>
        Forgot your password?
      </Button>
    </div>
  );
}

export function SignUpForm() {
  const fetcher = useFetcher<AuthResult>({ key: "sign-up" });
  const formRef = useRef<HTMLFormElement>(null);
  useResultToast(fetcher.data, (result) => {
    if (result.ok && result.reset) formRef.current?.reset();
  });
  const busy = fetcher.state !== "idle";
  const reasons = fetcher.data && !fetcher.data.ok ? fetcher.data.reasons : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = checkForm(signUpSchema, valuesOf(event.currentTarget));
    if (!checked.ok) {
      event.preventDefault();
      toast.error(checked.problem.title, checked.problem.text);
    }
  }

  return (
    <fetcher.Form ref={formRef} method="post" action="/auth" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="sign-up" />
      <Field label="Full name" name="fullName" autoComplete="name" maxLength={TEXT_MAX} aria-required="true" />
      <Field label="Email" name="email" type="email" autoComplete="email" maxLength={EMAIL_MAX} aria-required="true" />
      <Field label="Phone (optional)" name="phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={PHONE_INPUT_MAX} hint={PHONE_HINT} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        hint="At least 6 characters. Avoid common words and easily guessed passwords."
      />
      {reasons?.length ? (
        <ul className="-mt-2 list-disc pl-5 text-sm text-destructive" aria-label="Why the password was refused">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <Field label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" aria-required="true" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Account type</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="userType" value="customer" defaultChecked className="size-4 accent-primary" />
          Customer — I want to book help at home
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="userType" value="fixer" className="size-4 accent-primary" />
          Fixer — I want to offer my services
        </label>
      </fieldset>
      <Button type="submit" loading={busy} className="w-full">
        Sign Up
      </Button>
    </fetcher.Form>
  );
}

export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const fetcher = useFetcher<AuthResult>({ key: "reset" });
  useResultToast(fetcher.data, (result) => {
    if (result.ok) onBack();
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Spec §5: without an email the request silently stops.
    if (!normaliseEmail(valuesOf(event.currentTarget).email)) event.preventDefault();
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">Enter your email address and we will send you a link to reset your password.</p>
      <fetcher.Form method="post" action="/auth" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="reset" />
        <Field label="Email" name="email" type="email" autoComplete="email" maxLength={EMAIL_MAX} aria-required="true" />
        <Button type="submit" loading={fetcher.state !== "idle"} className="w-full">
          Send Reset Link
        </Button>
      </fetcher.Form>
      <Button type="button" variant="link" className="self-center" onClick={onBack}>
        Back to Sign In
      </Button>
    </div>
  );
}
