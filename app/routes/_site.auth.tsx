import { useState } from "react";
import { data, useActionData, useNavigation } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { readAccountForm, requestReset, resendConfirmation, signIn, signUp } from "~/features/auth/actions.server";
import { NoScriptResult, ResetRequestForm, SignInForm, SignUpForm } from "~/features/auth/auth-forms";
import { redirectSignedIn, signInReturnPath } from "~/features/auth/guard.server";
import { invalidRequest, type AuthResult } from "~/features/auth/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/_site.auth";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Sign in or create an account", description: "Sign in to FixiT or create a free account.", path: "/auth", noindex: true });

type View = "signin" | "signup" | "reset";

/** Guest-only: a signed-in visitor goes to the page they came from, or /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(request, context);
  const params = new URL(request.url).searchParams;
  const requested = params.get("view");
  const view: View = requested === "signup" || requested === "reset" ? requested : "signin";
  return { from: signInReturnPath(params.get("from")), view };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAccountForm(request);
  if (!form.ok) return form.answer;
  const values = form.values;
  switch (values.intent) {
    case "sign-in":
      return signIn(request, context, values);
    case "sign-up":
      return signUp(request, context, values);
    case "reset":
      return requestReset(request, context, values);
    case "resend":
      return resendConfirmation(request, context, values);
    default:
      return data(invalidRequest("auth"), { status: 400 });
  }
}

/** Retry-After (429) and Set-Cookie from the action reach the browser on a document POST too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const [view, setView] = useState<View>(loaderData.view);
  const navigation = useNavigation();
  const noScriptResult = useActionData<typeof action>() as AuthResult | undefined;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">{view === "reset" ? "Reset password" : "Welcome to FixiT"}</h1>
          <CardDescription>
            {view === "reset" ? "We will email you a link to choose a new password." : "Sign in to your account or create a new one."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {navigation.state === "loading" ? <Spinner label="Signing you in..." className="self-center" /> : null}
          <NoScriptResult result={noScriptResult} />
          {view === "reset" ? (
            <ResetRequestForm onBack={() => setView("signin")} />
          ) : (
            <Tabs value={view} onValueChange={(value) => setView(value as View)}>
              <TabsList layout="grid" className="grid-cols-2">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <SignInForm from={loaderData.from} onForgot={() => setView("reset")} />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
