import { FlaskConical } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { useActionAnswer } from "~/lib/forms/use-action-answer";
import { useForm } from "~/lib/forms/use-form";
import { PAYOUT_STATE_LABELS, payoutPaths, waitingText, type PayoutAccountState } from "~/features/bookings/payouts";

/** The fixer's payout account page and the TEST MODE stand-in for the provider's onboarding (decision 052). */

export type PayoutsPageData = { state: PayoutAccountState; provider: string | null; providerAccountId: string | null; waitingPence: number; waitingCount: number; testMode: boolean };

const stateBadge: Record<PayoutAccountState, "outline" | "warning" | "success"> = { not_connected: "outline", pending: "warning", active: "success" };

export function PayoutStateBadge({ state }: { state: PayoutAccountState }) {
  return <Badge variant={stateBadge[state]}>{PAYOUT_STATE_LABELS[state]}</Badge>;
}

export function PayoutsView({ page }: { page: PayoutsPageData }) {
  const answer = useActionAnswer("connect");
  const busy = useNavigation().state === "submitting";
  const provider = page.testMode ? "our test payout provider (TEST MODE)" : "Stripe, our payment provider";
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-2">
        <Link to="/fixer" className="self-start text-sm font-medium text-primary hover:underline">
          Back to the fixer dashboard
        </Link>
        <h1 className="text-3xl font-bold">Payouts</h1>
        <p className="text-muted-foreground">Where FixiT pays you when a customer confirms a job: a payout account set up with {provider}.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex flex-wrap items-center gap-3">
            Payout account <PayoutStateBadge state={page.state} />
          </CardTitle>
          <CardDescription>
            {page.state === "active"
              ? "Payments released to you are transferred to this account, usually within a few days."
              : page.state === "pending"
                ? "You started setting up your payout account. Finish it to be paid."
                : "You have no payout account yet. Connect one to be paid for your bookings."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {page.waitingCount > 0 ? (
            <p role="status" className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm font-medium">
              {waitingText(page.waitingPence, page.waitingCount)}
            </p>
          ) : null}
          {page.state === "active" && page.providerAccountId ? (
            <p className="text-sm">
              Account <span className="font-mono break-all">{page.providerAccountId}</span>
            </p>
          ) : (
            <Form method="post" className="flex flex-col gap-3">
              <FormAlert answer={answer} />
              <input type="hidden" name="intent" value="connect" />
              <Button type="submit" loading={busy} className="self-start">
                {page.state === "pending" ? "Continue setting up your payout account" : "Connect a payout account"}
              </Button>
              <p className="text-sm text-muted-foreground">
                {page.testMode ? "TEST MODE: the next page stands in for the provider's set-up; no real bank details are asked for." : "You will set it up on Stripe's secure pages, then come back here."}
              </p>
            </Form>
          )}
          <Link to={payoutPaths.earnings} className="self-start text-sm font-medium text-primary hover:underline">
            See your earnings
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

export function TestOnboardingView({ page }: { page: { accountId: string; testBank: { sortCode: string; accountNumber: string } } }) {
  // The same schema as the action, checked in the browser first (loaded when the form is first reached).
  const { fetcher, result, busy, fieldErrors, values, formRef, onSubmit } = useForm({
    form: "payout",
    schema: () => import("~/features/bookings/payouts").then((m) => m.testPayoutFormSchema),
  });
  const value = (field: string) => (typeof values[field] === "string" ? values[field] : "");
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div role="note" aria-label="Test mode" className="flex items-center gap-2 rounded-lg bg-warning px-4 py-2.5 text-sm font-semibold text-warning-foreground">
        <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
        <span>
          TEST MODE: no real bank account is connected. Use sort code {page.testBank.sortCode} and account number {page.testBank.accountNumber}.
        </span>
      </div>
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Set up your payout account</h1>
        <p className="text-muted-foreground">This page stands in for the payment provider&apos;s own set-up. Nothing you type here is stored.</p>
      </div>
      <Card>
        <CardContent>
          <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Payout account">
            <FormAlert answer={result} />
            <Field id="payout-holder" label="Account holder's name" required error={fieldErrors.holderName}>
              {(control) => <Input {...control} name="holderName" autoComplete="name" maxLength={100} defaultValue={value("holderName")} />}
            </Field>
            <Field id="payout-sort-code" label="Sort code" required hint={`Test sort code: ${page.testBank.sortCode}`} error={fieldErrors.sortCode}>
              {(control) => <Input {...control} name="sortCode" inputMode="numeric" maxLength={20} placeholder="00-00-00" defaultValue={value("sortCode")} />}
            </Field>
            <Field id="payout-account-number" label="Account number" required hint={`Test account number: ${page.testBank.accountNumber}`} error={fieldErrors.accountNumber}>
              {(control) => <Input {...control} name="accountNumber" inputMode="numeric" maxLength={20} defaultValue={value("accountNumber")} />}
            </Field>
            <Button type="submit" loading={busy} className="self-start">
              Connect the test account
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
      <Link to={payoutPaths.page} className="self-start text-sm font-medium text-primary hover:underline">
        Cancel and go back
      </Link>
    </div>
  );
}
