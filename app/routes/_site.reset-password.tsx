import { Link, useActionData } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { completeReset, readAccountForm } from "~/features/auth/actions.server";
import { AccountField, NoScriptResult, toastFirstProblem } from "~/features/auth/auth-forms";
import type { AuthResult } from "~/features/auth/messages";
import { toastResult } from "~/features/auth/result-toast";
import { useForm } from "~/lib/forms/use-form";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/_site.reset-password";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Choose a new password", description: "Set a new password for your FixiT account.", path: "/reset-password", noindex: true });

/** The page the reset email links to: /reset-password?token=… */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { token: (params.get("token") ?? "").slice(0, 200), linkError: params.get("error") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAccountForm(request);
  return form.ok ? completeReset(request, context, form.values) : form.answer;
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { fetcher, busy, formRef, onSubmit } = useForm<AuthResult>({
    form: "new-password",
    schema: () => import("~/features/auth/schemas").then((m) => m.newPasswordSchema),
    focusFirstError: false,
    onInvalid: toastFirstProblem,
    onResult: toastResult,
    resetOn: () => false,
  });
  const noScript = useActionData<typeof action>() as AuthResult | undefined;
  const result = fetcher.data ?? noScript;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Choose a new password</h1>
          <CardDescription>Your new password needs at least 6 characters and should not be easy to guess.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!fetcher.data ? <NoScriptResult result={noScript} /> : null}
          {result?.status === "success" ? (
            <Button asChild>
              <Link to="/auth">Sign In</Link>
            </Button>
          ) : !loaderData.token || loaderData.linkError ? (
            <div role="alert" className="flex flex-col gap-3">
              <p>This password reset link is invalid or has expired. Please ask for a new one.</p>
              <Button asChild variant="outline">
                <Link to="/auth?view=reset">Ask for a new link</Link>
              </Button>
            </div>
          ) : (
            <fetcher.Form ref={formRef} method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="token" value={loaderData.token} />
              <AccountField label="New password" name="password" type="password" autoComplete="new-password" aria-required="true" />
              {result?.reasons?.length ? (
                <ul className="list-disc pl-5 text-sm text-destructive">
                  {result.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              ) : null}
              <AccountField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" aria-required="true" />
              <Button type="submit" loading={busy}>
                Set New Password
              </Button>
            </fetcher.Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
