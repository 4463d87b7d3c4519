import { useId, type FormEvent } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast";
import { completeReset, readAccountForm } from "~/features/auth/actions.server";
import { NoScriptResult } from "~/features/auth/auth-forms";
import type { AuthResult } from "~/features/auth/messages";
import { checkForm, newPasswordSchema } from "~/features/auth/schemas";
import { useResultToast } from "~/features/auth/use-result-toast";
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
  const fetcher = useFetcher<AuthResult>({ key: "new-password" });
  useResultToast(fetcher.data);
  const noScript = useActionData<typeof action>() as AuthResult | undefined;
  const result = fetcher.data ?? noScript;
  const passwordId = useId();
  const confirmId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const checked = checkForm(newPasswordSchema, values);
    if (!checked.ok) {
      event.preventDefault();
      toast.error(checked.problem.title, checked.problem.text);
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Choose a new password</h1>
          <CardDescription>Your new password needs at least 6 characters and should not be easy to guess.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!fetcher.data ? <NoScriptResult result={noScript} /> : null}
          {result?.ok ? (
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
            <fetcher.Form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="token" value={loaderData.token} />
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={passwordId}>New password</Label>
                <Input id={passwordId} name="password" type="password" autoComplete="new-password" aria-required="true" />
              </div>
              {result && !result.ok && result.reasons?.length ? (
                <ul className="list-disc pl-5 text-sm text-destructive">
                  {result.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              ) : null}
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={confirmId}>Confirm new password</Label>
                <Input id={confirmId} name="confirmPassword" type="password" autoComplete="new-password" aria-required="true" />
              </div>
              <Button type="submit" loading={fetcher.state !== "idle"}>
                Set New Password
              </Button>
            </fetcher.Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
