import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { authMessages, checkEmailCopy, firstProblem, TEXT_MAX, type AuthResult } from "./messages";
import { returnPlace } from "./return-to";
import { EMAIL_MAX, normaliseEmail } from "~/lib/email";
import { useForm } from "~/lib/forms/use-form";
import { PHONE_HINT, PHONE_INPUT_MAX } from "~/lib/phone";
import { toastResult } from "./result-toast";

/** The sign-in, sign-up and reset forms of /auth. Each posts to the /auth action (works without JavaScript). */

/** An account form's text field (~/components/ui/field); the messages are toasts, so it shows none itself. */
export function AccountField({ label, hint, ...props }: React.ComponentProps<typeof Input> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <Field id={id} label={label} marks={false} hint={hint} spacing="tight">
      {(control) => <Input {...control} {...props} />}
    </Field>
  );
}

/** Without JavaScript the toast never appears: the same message shows inline. */
export function NoScriptResult({ result }: { result: AuthResult | undefined }) {
  if (!result) return null;
  const ok = result.status === "success";
  return (
    <div role={ok ? "status" : "alert"} className={ok ? "rounded-md bg-muted p-3 text-sm" : "rounded-md border border-destructive p-3 text-sm text-destructive"}>
      <p className="font-semibold">{result.title}</p>
      <p>{result.message}</p>
    </div>
  );
}

/** The first problem of a form the browser stopped, as its toast. */
export function toastFirstProblem(fieldErrors: Record<string, string>) {
  const problem = firstProblem(fieldErrors);
  toast.error(problem.title, problem.text);
}

/** A check whose failure silently stops the submission (an empty sign-in field gets no message). */
const silently = (ok: boolean): Record<string, string> => (ok ? {} : { form: authMessages.signInMissing.text });

export function SignInForm({ from, onForgot }: { from: string; onForgot: () => void }) {
  const { fetcher, busy, onSubmit } = useForm<AuthResult>({
    form: "sign-in",
    // With either field empty there is nothing to check yet: the submit silently stops (both fields are marked required).
    validate: (form) => {
      const values = new FormData(form);
      return silently(Boolean(normaliseEmail(values.get("email")) && values.get("password")));
    },
    focusFirstError: false,
    onResult: toastResult,
    resetOn: () => false,
  });
  const resend = useForm<AuthResult>({ form: "resend", onResult: toastResult, resetOn: () => false });
  const answer = fetcher.data;
  const unverifiedEmail = answer && answer.status !== "success" && answer.unverified ? (answer.email ?? null) : null;
  const lockedOut = Boolean(answer && answer.status !== "success" && answer.lockedOut);

  return (
    <div className="flex flex-col gap-4">
      <fetcher.Form method="post" action="/auth" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="from" value={from} />
        <AccountField label="Email" name="email" type="email" autoComplete="email" maxLength={EMAIL_MAX} aria-required="true" />
        <AccountField label="Password" name="password" type="password" autoComplete="current-password" aria-required="true" />
        <Button type="submit" loading={busy} className="w-full">
          Sign In
        </Button>
      </fetcher.Form>
      {unverifiedEmail ? (
        <resend.fetcher.Form method="post" action="/auth" className="flex flex-col gap-2 rounded-md border border-border p-3">
          <p className="text-sm">Your email address is not confirmed yet.</p>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={unverifiedEmail} />
          <input type="hidden" name="from" value={from} />
          <Button type="submit" variant="outline" loading={resend.busy}>
            Resend confirmation email
          </Button>
        </resend.fetcher.Form>
      ) : null}
      {lockedOut ? (
        <p className="rounded-md border border-border p-3 text-sm" role="status">
          Too many failed sign-ins for this account.{" "}
          <a href="/auth?view=reset" className="text-primary underline underline-offset-4">
            Reset your password
          </a>{" "}
          to sign in now, or try again later.
        </p>
      ) : null}
      <Button type="button" variant="link" className="self-center" onClick={onForgot}>
        Forgot your password?
      </Button>
    </div>
  );
}

/**
 * The sign-up form. `from` is where the person was: the confirmation link brings them back there,
 * and the account type starts as theirs (a fixer from the fixer pages). Success hands the address
 * to `onSignedUp`, which shows the "check your email" view instead of a toast.
 */
export function SignUpForm({
  from,
  defaultUserType,
  referralCode = null,
  onSignedUp,
}: {
  from: string;
  defaultUserType: "customer" | "fixer";
  /** A referral link's code, sent with the sign-up (the /auth action records the referral). */
  referralCode?: string | null;
  onSignedUp: (email: string) => void;
}) {
  const { fetcher, busy, formKey, formRef, onSubmit } = useForm<AuthResult>({
    form: "sign-up",
    schema: () => import("./schemas").then((m) => m.signUpSchema),
    focusFirstError: false,
    onInvalid: toastFirstProblem,
    onResult: (result) => {
      if (result.status === "success" && result.email) onSignedUp(result.email);
      else toastResult(result);
    },
    resetOn: (result) => result.status === "success" && Boolean(result.reset),
  });
  const reasons = fetcher.data && fetcher.data.status !== "success" ? fetcher.data.reasons : undefined;

  return (
    <fetcher.Form ref={formRef} key={formKey} method="post" action="/auth" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="sign-up" />
      <input type="hidden" name="from" value={from} />
      {referralCode ? <input type="hidden" name="ref" value={referralCode} /> : null}
      <AccountField label="Full name" name="fullName" autoComplete="name" maxLength={TEXT_MAX} aria-required="true" />
      <AccountField label="Email" name="email" type="email" autoComplete="email" maxLength={EMAIL_MAX} aria-required="true" />
      <AccountField label="Phone (optional)" name="phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={PHONE_INPUT_MAX} hint={PHONE_HINT} />
      <AccountField
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
      <AccountField label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" aria-required="true" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Account type</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="userType" value="customer" defaultChecked={defaultUserType === "customer"} className="size-4 accent-primary" />
          Customer — I want to book help at home
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="userType" value="fixer" defaultChecked={defaultUserType === "fixer"} className="size-4 accent-primary" />
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
  const { fetcher, busy, onSubmit } = useForm<AuthResult>({
    form: "reset",
    // Without an email the request stops without a message.
    validate: (form) => silently(Boolean(normaliseEmail(new FormData(form).get("email")))),
    focusFirstError: false,
    onResult: (result) => {
      toastResult(result);
      if (result.status === "success") onBack();
    },
  });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">Enter your email address and we will send you a link to reset your password.</p>
      <fetcher.Form method="post" action="/auth" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="reset" />
        <AccountField label="Email" name="email" type="email" autoComplete="email" maxLength={EMAIL_MAX} aria-required="true" />
        <Button type="submit" loading={busy} className="w-full">
          Send Reset Link
        </Button>
      </fetcher.Form>
      <Button type="button" variant="link" className="self-center" onClick={onBack}>
        Back to Sign In
      </Button>
    </div>
  );
}

/**
 * How a sign-up ends: where the confirmation email went, where its link leads, and a way to send it
 * again (the resend limits apply) or to start over with another address. `result` is the no-script
 * answer of a resend made here.
 */
export function CheckEmailPanel({ email, from, onRestart, result }: { email: string; from: string; onRestart: () => void; result?: AuthResult }) {
  const resend = useForm<AuthResult>({ form: "resend", onResult: toastResult, resetOn: () => false });
  return (
    <div className="flex flex-col gap-4">
      <p>
        {checkEmailCopy.sentTo} <strong className="break-all">{email}</strong>.
      </p>
      <p className="text-sm text-muted-foreground">{checkEmailCopy.open(returnPlace(from))}</p>
      <p className="text-sm text-muted-foreground">{checkEmailCopy.notThere}</p>
      {result?.form === "resend" ? <NoScriptResult result={result} /> : null}
      <resend.fetcher.Form method="post" action="/auth" className="flex flex-col">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="from" value={from} />
        <Button type="submit" variant="outline" loading={resend.busy}>
          {checkEmailCopy.resend}
        </Button>
      </resend.fetcher.Form>
      <Button asChild variant="link" className="self-center">
        <a
          href={`/auth?view=signup&from=${encodeURIComponent(from)}`}
          onClick={(event) => {
            event.preventDefault();
            onRestart();
          }}
        >
          {checkEmailCopy.wrongAddress}
        </a>
      </Button>
    </div>
  );
}
