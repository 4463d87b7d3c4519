import { CircleCheck, CircleX, Clock, Crown, Heart } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { formatGBP } from "~/content/prices";
import type { SuccessPageView } from "./payments.server.ts";
import { CopyableCode } from "./copy-code";

/** What the success page's loader answers: the server's view plus, for a declined test card, where to retry. */
export type SuccessView = SuccessPageView & { retryPath: string | null };

/** How often, and how many times, a page waiting for a late confirmation checks again. */
export const CONFIRM_POLL = { intervalMs: 2000, attempts: 15 } as const;

/** Paid and its product delivered (the access code issued, the membership granted, …). */
export const isSettled = (view: SuccessPageView) => view.status === "paid" && view.fulfilled;

/**
 * /checkout/success: per product, the outcome of a payment and the next step. `steps`: the product's
 * own progress (the fixer sign-up's steps), which the route takes from the product's feature;
 * `settledView`: the product's own outcome (a booking's confirmation), from its feature too.
 */
export function PaymentSuccess({ view, steps, settledView }: { view: SuccessView; steps?: ReactNode; settledView?: ReactNode }) {
  const settled = isSettled(view);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14">
      {steps}
      {settled ? (settledView ?? <Settled view={view} />) : view.status === "pending" || view.status === "paid" ? <Confirming view={view} /> : <NotPaid view={view} />}
    </div>
  );
}

function Confirming({ view }: { view: SuccessView }) {
  const revalidator = useRevalidator();
  const [checks, setChecks] = useState(0);
  const givenUp = checks >= CONFIRM_POLL.attempts;
  useEffect(() => {
    if (givenUp) return;
    const timer = window.setTimeout(() => {
      setChecks((n) => n + 1);
      void revalidator.revalidate();
    }, CONFIRM_POLL.intervalMs);
    return () => window.clearTimeout(timer);
    // Each answer (a new view) schedules the next check.
  }, [view, checks, givenUp, revalidator]);
  return (
    <Card>
      <CardHeader>
        <h1 className="flex items-center gap-3 text-h3 leading-snug font-semibold">
          {givenUp ? <Clock aria-hidden="true" className="size-6 text-warning" /> : <Spinner label="Confirming your payment" />}
          Confirming your payment…
        </h1>
        <CardDescription size="lg">
          {givenUp
            ? `This is taking longer than usual. We will email ${view.email ?? "you"} as soon as your ${view.productName.toLowerCase()} payment is confirmed.`
            : "This usually takes a few seconds. Please keep this page open."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={`/checkout/success?payment=${view.id}`} reloadDocument>
            Check again
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function NotPaid({ view }: { view: SuccessView }) {
  const expired = view.status === "expired" || view.status === "cancelled";
  return (
    <Card>
      <CardHeader>
        <h1 className="flex items-center gap-3 text-h3 leading-snug font-semibold">
          <CircleX aria-hidden="true" className="size-6 text-destructive" />
          {expired ? "This checkout has expired" : "Payment not completed"}
        </h1>
        <CardDescription size="lg">
          {expired ? "Nothing was charged. Start again when you are ready." : `Your ${formatGBP(view.amountPence)} payment for ${view.productName.toLowerCase()} did not go through. Nothing was charged.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        {view.retryPath ? (
          <Button asChild>
            <Link to={view.retryPath}>Try again</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to={view.returnPath}>Go back</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function EmailNote({ email, what }: { email: string | null; what: string }) {
  if (!email) return null;
  return (
    <p className="text-sm">
      We&apos;ve also emailed {what} to <strong className="break-all">{email}</strong>.
    </p>
  );
}

function HiddenCodeNote({ email, what }: { email: string | null; what: string }) {
  return (
    <p className="rounded-md bg-muted p-3 text-sm">
      For your security, {what} is no longer shown on this page. {email ? `We emailed it to ${email}.` : "Check your email for it."}
    </p>
  );
}

function Settled({ view }: { view: SuccessView }) {
  const paid = `${formatGBP(view.amountPence)} paid`;
  if (view.product === "fixerOnboarding") {
    return (
      <Card tone="success">
        <CardHeader>
          <h1 className="flex items-center gap-3 text-h3 leading-snug font-semibold">
            <CircleCheck aria-hidden="true" className="size-7 text-success" />
            Payment received
          </h1>
          <CardDescription size="lg">{paid}. Thank you! Your fixer onboarding fee is paid.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {view.secrets.code ? (
            <>
              <CopyableCode code={view.secrets.code} label="Your fixer access code" />
              <EmailNote email={view.email} what="it" />
            </>
          ) : view.secretsHidden ? (
            <HiddenCodeNote email={view.email} what="your access code" />
          ) : (
            <p className="text-sm">Your access code was emailed to {view.email ?? "you"} when this registration was first paid.</p>
          )}
          <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
            <li>Sign in to FixiT, or create an account.</li>
            <li>Open the onboarding portal and enter your access code.</li>
            <li>Complete your profile: qualifications, skills and insurance.</li>
          </ol>
          <Button asChild size="lg" className="self-start">
            <Link to="/fixer-onboarding">Access Onboarding Portal</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (view.product === "vipAccess") {
    return (
      <Card tone="success">
        <CardHeader>
          <h1 className="flex items-center gap-3 text-h3 leading-snug font-semibold">
            <Crown aria-hidden="true" className="size-7 text-accent" />
            Welcome to FixiT VIP
          </h1>
          <CardDescription size="lg">{paid}. Your VIP early access is ready.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {view.secrets.code ? (
            <>
              <CopyableCode code={view.secrets.code} label="Your VIP access code" />
              <EmailNote email={view.email} what="it" />
              <p className="text-sm text-muted-foreground">Type the code exactly as shown: capitals matter.</p>
            </>
          ) : (
            <HiddenCodeNote email={view.email} what="your VIP code" />
          )}
          <Button asChild size="lg" className="self-start">
            <Link to="/early-access#vip-access">Enter your VIP code</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  // A booking's extra charge (decision 084) has no confirmation of its own: the booking's page shows it paid.
  if (view.product === "booking" || view.product === "bookingExtra") {
    // The booking feature's confirmation normally replaces this; without it, the way back to the booking, never a donation's thanks.
    return (
      <Card tone="success">
        <CardHeader>
          <h1 className="flex items-center gap-3 text-h3 leading-snug font-semibold">
            <CircleCheck aria-hidden="true" className="size-7 text-success" />
            Payment received for your booking
          </h1>
          <CardDescription size="lg">{paid}. The booking&apos;s page shows what happens next.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <Button asChild size="lg" className="self-start">
            <Link to={view.returnPath}>Open your booking</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card tone="success">
      <CardHeader>
        <h1 className="flex items-center gap-3 text-h3 leading-snug font-semibold">
          <Heart aria-hidden="true" className="size-7 text-accent" />
          Thank you for supporting FixiT!
        </h1>
        <CardDescription size="lg">{paid}. Your early access donation helps us bring vetted local fixers to more of the UK.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <EmailNote email={view.email} what="a receipt" />
        <Button asChild size="lg" className="self-start">
          <Link to="/account">Continue to My Account</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
