import { useEffect, useRef, useState } from "react";
import { data, useActionData, useNavigation } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { readAccountForm, requestReset, resendConfirmation, signIn, signUp } from "~/features/auth/actions.server";
import { CheckEmailPanel, NoScriptResult, ResetRequestForm, SignInForm, SignUpForm } from "~/features/auth/auth-forms";
import { redirectSignedIn, signInReturnPath } from "~/features/auth/guard.server";
import { checkEmailCopy, invalidRequest, type AuthResult } from "~/features/auth/messages";
import { accountTypeFor } from "~/features/auth/return-to";
import { referralCopy, REFERRAL_CODE } from "~/features/bookings/referrals";
import { recordSignUpReferral } from "~/features/bookings/referrals.server";
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
  const from = signInReturnPath(params.get("from"));
  // A referral link's code (decision 052) rides along with the sign-up form.
  const ref = params.get("ref") ?? "";
  // The invitation's words come with the data: the sign-up page's script stays free of the prices module.
  const referral = REFERRAL_CODE.test(ref) ? { code: ref, note: referralCopy.invited } : null;
  return { from, view, accountType: accountTypeFor(from), referral };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAccountForm(request);
  if (!form.ok) return form.answer;
  const values = form.values;
  switch (values.intent) {
    case "sign-in":
      return signIn(request, context, values);
    case "sign-up": {
      const since = new Date(Date.now() - 1000);
      const answer = await signUp(request, context, values);
      // Through a referral link: the account this sign-up made is recorded as referred (decision 052).
      if (values.ref && answer.data.status === "success" && answer.data.email) {
        await recordSignUpReferral(context.services.db, { code: values.ref, email: answer.data.email, since });
      }
      return answer;
    }
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

/** A sign-up (or a resend made from its view) answered without JavaScript: the address to show. */
function sentToOf(result: AuthResult | undefined): string | null {
  return result?.status === "success" && (result.form === "sign-up" || result.form === "resend") && result.email ? result.email : null;
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const [view, setView] = useState<View>(loaderData.view);
  const navigation = useNavigation();
  const noScriptResult = useActionData<typeof action>() as AuthResult | undefined;
  // A sign-up ends on "check your email" (with JavaScript from the form's answer, without it from the page's).
  const [sentTo, setSentTo] = useState<string | null>(sentToOf(noScriptResult));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sentTo) heading.current?.focus();
  }, [sentTo]);
  const title = sentTo ? checkEmailCopy.title : view === "reset" ? "Reset password" : "Welcome to FixiT";
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
            {title}
          </h1>
          {sentTo ? null : (
            <CardDescription>
              {view === "reset" ? "We will email you a link to choose a new password." : "Sign in to your account or create a new one."}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {sentTo ? (
            <CheckEmailPanel
              email={sentTo}
              from={loaderData.from}
              result={noScriptResult}
              onRestart={() => {
                setSentTo(null);
                setView("signup");
              }}
            />
          ) : (
            <>
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
                    {loaderData.referral ? <p className="mb-4 rounded-lg bg-success/10 p-3 text-sm">{loaderData.referral.note}</p> : null}
                    <SignUpForm from={loaderData.from} defaultUserType={loaderData.accountType} referralCode={loaderData.referral?.code ?? null} onSignedUp={setSentTo} />
                  </TabsContent>
                </Tabs>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
