import { CreditCard, ExternalLink } from "lucide-react";
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { PHONE_HINT } from "~/lib/phone";
import { PAYMENT_REDIRECT_DELAY_MS, registrationCopy, registrationToasts } from "./content";
import type { RegistrationResult } from "./registration.server";
import { Honeypot } from "~/components/honeypot";
import { checkRegistration, registrationLimits, stripAngleBrackets, type RegistrationField } from "./rules";

/** The page reads the same fetcher (by key) to move its step indicator once the details are saved. */
export const REGISTRATION_FETCHER_KEY = "fixer-registration";

const fields: readonly { name: RegistrationField; label: string; type: string; autoComplete: string; max: number; inputMode?: "email" | "tel"; hint?: string }[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name", max: registrationLimits.name },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name", max: registrationLimits.name },
  { name: "email", label: "Email", type: "email", autoComplete: "email", max: registrationLimits.email, inputMode: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", max: registrationLimits.phone, inputMode: "tel", hint: PHONE_HINT },
];

const emptyValues: Record<RegistrationField, string> = { firstName: "", lastName: "", email: "", phone: "" };

/**
 * The fixer details form. The browser checks the spec's rules first (exact toasts); the server
 * checks again, saves the registration and creates the fee checkout, whose URL opens in a new tab
 * 1.5 s later. A 'Continue to payment' link stays visible, so a popup blocker never strands anyone.
 */
export function FixerRegistrationForm() {
  const fetcher = useFetcher<RegistrationResult>({ key: REGISTRATION_FETCHER_KEY });
  // Without JavaScript the form posts as a document; the answer comes back as action data.
  const documentResult = useActionData() as RegistrationResult | undefined;
  const result = fetcher.data ?? documentResult;
  const [values, setValues] = useState(emptyValues);
  const [invalid, setInvalid] = useState<{ field: RegistrationField; message: string } | null>(null);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const checkoutUrl = result?.ok && "checkoutUrl" in result ? result.checkoutUrl : null;
  const alreadyPaid = Boolean(result?.ok && "alreadyPaid" in result);

  // A server refusal marks its field; adjusted while rendering, as React recommends for derived state.
  const [handled, setHandled] = useState<RegistrationResult | undefined>(undefined);
  if (fetcher.data && fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (!fetcher.data.ok && fetcher.data.field) setInvalid({ field: fetcher.data.field, message: fetcher.data.title });
  }

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (!answer.ok) {
      toast.error(answer.title, answer.message || undefined);
      if (answer.field) formRef.current?.querySelector<HTMLInputElement>(`[name="${answer.field}"]`)?.focus();
      return;
    }
    if (!("checkoutUrl" in answer)) return;
    toast.success(registrationToasts.saved.title, registrationToasts.saved.description);
    const timer = window.setTimeout(() => {
      const opened = window.open(answer.checkoutUrl, "_blank");
      if (opened) opened.opener = null;
      else setPopupBlocked(true);
    }, PAYMENT_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [fetcher.data]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const name = event.target.name as RegistrationField;
    setValues((v) => ({ ...v, [name]: stripAngleBrackets(event.target.value) }));
    if (invalid?.field === name) setInvalid(null);
  }

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    const name = event.target.name as RegistrationField;
    setValues((v) => ({ ...v, [name]: v[name].trim() }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkRegistration(values);
    if (!checked.ok) {
      setInvalid({ field: checked.field, message: checked.message });
      toast.error(checked.message);
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${checked.field}"]`)?.focus();
      return;
    }
    setInvalid(null);
    setPopupBlocked(false);
    void fetcher.submit(event.currentTarget, { method: "post" });
  }

  if (alreadyPaid) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p className="text-lg font-semibold">{registrationCopy.alreadyPaidHeading}</p>
        <p className="text-sm text-muted-foreground">{registrationCopy.alreadyPaidText}</p>
        <Button asChild size="lg" className="self-start">
          <Link to="/fixer-onboarding">{registrationCopy.portalButton}</Link>
        </Button>
      </div>
    );
  }

  if (checkoutUrl) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p className="text-lg font-semibold">{registrationCopy.savedHeading}</p>
        <p className="text-sm text-muted-foreground">{registrationCopy.savedText}</p>
        {popupBlocked ? <p className="text-sm font-medium text-warning">{registrationCopy.popupBlocked}</p> : null}
        <Button asChild size="lg" className="self-start">
          <a href={checkoutUrl} target="_blank" rel="noopener" id="continue-to-payment">
            <CreditCard aria-hidden="true" />
            {registrationCopy.continueToPayment}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    );
  }

  const documentError = documentResult && !documentResult.ok ? documentResult : null;
  return (
    <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-label="Fixer details" className="relative flex flex-col gap-5">
      <Honeypot />
      {documentError ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          {documentError.message || documentError.title}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <FormField key={field.name} id={`fixer-${field.name}`} label={field.label} hint={field.hint} required error={invalid?.field === field.name ? invalid.message : undefined}>
            {(control) => (
              <Input
                {...control}
                name={field.name}
                type={field.type}
                inputMode={field.inputMode}
                autoComplete={field.autoComplete}
                maxLength={field.max}
                required
                value={values[field.name]}
                onChange={onChange}
                onBlur={onBlur}
              />
            )}
          </FormField>
        ))}
      </div>
      <Button type="submit" size="lg" loading={busy} className="self-start">
        {busy ? registrationCopy.submitBusy : registrationCopy.submit}
      </Button>
      <p className="text-sm text-muted-foreground">{registrationCopy.feeNote}</p>
    </fetcher.Form>
  );
}
