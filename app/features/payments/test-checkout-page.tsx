import { CreditCard, FlaskConical, Lock } from "lucide-react";
import { useEffect, useRef, type ChangeEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { company } from "~/content/company";
import { formatGBP } from "~/content/prices";
import type { FormResult } from "~/lib/forms/result";
import { formatCardNumber, formatExpiry, type TestCheckoutFieldErrors } from "./test-checkout";

type Props = {
  paymentId: string;
  productName: string;
  productTerms: string;
  amountPence: number;
  needsEmail: boolean;
  email: string | null;
  closed: boolean;
  previouslyDeclined: boolean;
  returnPath: string;
  /** The action's answer (a `FormResult`): the form's message, and the field messages when `invalid`. */
  result?: FormResult | null;
};

const fieldIds = { email: "checkout-email", cardName: "checkout-card-name", cardNumber: "checkout-card-number", expiry: "checkout-expiry", cvc: "checkout-cvc" } as const;

/**
 * The local TEST MODE checkout: what Stripe Checkout would show, marked so nobody mistakes it for a
 * real payment page. Card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.
 */
/**
 * Formats what was typed in the field itself. The card fields are not controlled by React state: what
 * someone types before the page has hydrated stays typed (a controlled field started from "" and lost it).
 */
function formatInPlace(input: HTMLInputElement, format: (value: string) => string) {
  const formatted = format(input.value);
  if (formatted !== input.value) input.value = formatted;
}

export function TestCheckoutPage(props: Props) {
  const { result } = props;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors: TestCheckoutFieldErrors = result?.status === "invalid" ? result.fieldErrors : {};
  const formError = result?.status === "success" ? undefined : result?.message;
  const alertRef = useRef<HTMLDivElement>(null);
  const amount = formatGBP(props.amountPence);

  // Move focus to the message after a refused payment so a screen reader hears it.
  useEffect(() => {
    if (formError) alertRef.current?.focus();
  }, [result, formError]);

  return (
    <div className="min-h-dvh bg-muted/60">
      <div role="note" aria-label="Test mode" className="flex items-center justify-center gap-2 bg-warning px-4 py-2.5 text-center text-sm font-semibold text-warning-foreground">
        <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
        <span>TEST MODE: no real payment is taken. Pay with card 4242 4242 4242 4242.</span>
      </div>
      <main id="main" className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 md:grid-cols-[1fr_1.1fr] md:gap-10 md:py-16">
        <section aria-labelledby="order-heading" className="flex flex-col gap-4">
          <Link to="/" className="self-start text-2xl font-extrabold tracking-tight text-primary">
            {company.brand}
          </Link>
          <div className="flex flex-col gap-1">
            <h1 id="order-heading" className="text-base font-medium text-muted-foreground">
              Pay {company.brand}
            </h1>
            <p className="text-4xl font-bold tracking-tight">{amount}</p>
          </div>
          <dl className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4 text-sm">
            <dt className="font-semibold">{props.productName}</dt>
            <dd className="text-muted-foreground">
              {amount}, {props.productTerms}
            </dd>
          </dl>
          <p className="text-sm text-muted-foreground">
            <Link to={props.returnPath} className="font-medium text-primary underline underline-offset-4">
              Cancel and go back
            </Link>
          </p>
        </section>

        <section aria-labelledby="pay-heading" className="flex flex-col gap-5 rounded-xl border border-border bg-card p-5 shadow-card sm:p-6">
          <h2 id="pay-heading" className="flex items-center gap-2 text-xl font-semibold">
            <CreditCard aria-hidden="true" className="size-5 text-primary" />
            Pay with card
          </h2>
          {props.previouslyDeclined && !result ? (
            <p className="rounded-md bg-muted p-3 text-sm">Your last attempt was declined. You can try again.</p>
          ) : null}
          {formError ? (
            <div ref={alertRef} tabIndex={-1} role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive outline-none">
              {formError}
            </div>
          ) : null}
          {props.closed ? (
            <p className="text-sm">This checkout has expired. Please start again.</p>
          ) : (
            <Form method="post" noValidate className="flex flex-col gap-4" aria-label="Card payment">
              {props.needsEmail ? (
                <Field id={fieldIds.email} label="Email" required hint="We send your receipt and any access code here." error={errors.email}>
                  {(control) => <Input {...control} name="email" type="email" autoComplete="email" required maxLength={254} />}
                </Field>
              ) : (
                <p className="text-sm text-muted-foreground">
                  Receipt to <span className="font-medium break-all text-foreground">{props.email}</span>
                </p>
              )}
              <Field id={fieldIds.cardName} label="Name on card" required error={errors.cardName}>
                {(control) => <Input {...control} name="cardName" autoComplete="cc-name" required maxLength={100} />}
              </Field>
              <Field id={fieldIds.cardNumber} label="Card number" required hint="Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined." error={errors.cardNumber}>
                {(control) => (
                  <Input
                    {...control}
                    name="cardNumber"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="1234 1234 1234 1234"
                    required
                    maxLength={23}
                    onChange={(e: ChangeEvent<HTMLInputElement>) => formatInPlace(e.currentTarget, formatCardNumber)}
                  />
                )}
              </Field>
              <div className="grid grid-cols-2 gap-4">
                <Field id={fieldIds.expiry} label="Expiry (MM / YY)" required error={errors.expiry}>
                  {(control) => (
                    <Input
                      {...control}
                      name="expiry"
                      inputMode="numeric"
                      autoComplete="cc-exp"
                      placeholder="MM / YY"
                      required
                      maxLength={7}
                      onChange={(e: ChangeEvent<HTMLInputElement>) => formatInPlace(e.currentTarget, formatExpiry)}
                    />
                  )}
                </Field>
                <Field id={fieldIds.cvc} label="CVC" required error={errors.cvc}>
                  {(control) => <Input {...control} name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required maxLength={4} />}
                </Field>
              </div>
              <Button type="submit" size="lg" loading={busy} className="mt-1 w-full">
                {busy ? "Processing..." : `Pay ${amount}`}
              </Button>
              <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
                <Lock aria-hidden="true" className="size-3.5" />
                Test payments only. Nothing is charged and no card details are stored.
              </p>
            </Form>
          )}
        </section>
      </main>
    </div>
  );
}
