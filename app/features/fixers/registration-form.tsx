import { CreditCard, ExternalLink } from "lucide-react";
import { useEffect, useState, type ChangeEvent, type FocusEvent } from "react";
import { Link } from "react-router";
import { Field } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { PHONE_HINT } from "~/lib/contact-fields";
import { firstError } from "~/lib/forms/parse";
import { useForm } from "~/lib/forms/use-form";
import { PAYMENT_REDIRECT_DELAY_MS, registrationCopy, registrationToasts } from "./content";
import type { RegistrationResult } from "./registration.server";
import { Honeypot } from "~/components/ui/honeypot";
import { REGISTRATION_FORM, registrationFields, registrationLimits, stripAngleBrackets, type RegistrationField } from "./registration-fields";

/** The page reads the same fetcher (by key) to move its step indicator once the details are saved. */
export const REGISTRATION_FETCHER_KEY = REGISTRATION_FORM;

const fields: readonly { name: RegistrationField; label: string; type: string; autoComplete: string; max: number; inputMode?: "email" | "tel"; hint?: string }[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name", max: registrationLimits.name },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name", max: registrationLimits.name },
  { name: "email", label: "Email", type: "email", autoComplete: "email", max: registrationLimits.email, inputMode: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", max: registrationLimits.phone, inputMode: "tel", hint: PHONE_HINT },
];

const emptyValues: Record<RegistrationField, string> = { firstName: "", lastName: "", email: "", phone: "" };

/**
 * The fixer details form. The browser checks the rules first (each with its toast) once they have
 * loaded after the page; the server checks again, saves the registration and creates the fee
 * checkout, whose URL opens in a new tab 1.5 s later. A 'Continue to payment' link stays visible,
 * so a popup blocker never strands anyone.
 */
export function FixerRegistrationForm({ resume = null }: { resume?: RegistrationResult | null }) {
  const { fetcher, result, documentResult, busy, fieldErrors, formRef, onSubmit, clearError } = useForm<RegistrationResult>({
    form: REGISTRATION_FORM,
    // The email and phone rules load after the page; until then the server's answer carries the same toasts.
    schema: () => import("./rules").then((m) => m.registrationSchema),
    parse: { fields: registrationFields },
    onInvalid: (errors) => {
      const first = firstError(errors);
      if (first) toast.error(first.message);
    },
    onResult: (answer) => {
      if (answer.status === "invalid") {
        const first = firstError(answer.fieldErrors);
        toast.error(first?.message ?? registrationToasts.saveFailed.title);
        if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first.field}"]`)?.focus();
      } else if (answer.status === "error") {
        toast.error(answer.title ?? registrationToasts.saveFailed.title, answer.message || undefined);
      } else if (answer.checkoutUrl) {
        toast.success(registrationToasts.saved.title, registrationToasts.saved.description);
      }
    },
    resetOn: () => false,
  });
  const [values, setValues] = useState(emptyValues);
  const [popupBlocked, setPopupBlocked] = useState(false);
  // A person coming back resumes where their registration is (the loader's answer) until they submit again.
  const shown = result ?? resume ?? undefined;
  const checkoutUrl = shown?.status === "success" ? (shown.checkoutUrl ?? null) : null;
  const alreadyPaid = Boolean(shown?.status === "success" && shown.alreadyPaid);
  // The one field marked at a time: the first the browser's check or the server refused.
  const invalid = firstError(fieldErrors);

  // The fee checkout opens in a new tab 1.5 s after the details are saved.
  const openUrl = fetcher.data?.status === "success" ? fetcher.data.checkoutUrl : undefined;
  useEffect(() => {
    if (!openUrl) return;
    const timer = window.setTimeout(() => {
      const opened = window.open(openUrl, "_blank");
      if (opened) opened.opener = null;
      else setPopupBlocked(true);
    }, PAYMENT_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [openUrl]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const name = event.target.name as RegistrationField;
    setValues((v) => ({ ...v, [name]: stripAngleBrackets(event.target.value) }));
    clearError(name);
  }

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    const name = event.target.name as RegistrationField;
    setValues((v) => ({ ...v, [name]: v[name].trim() }));
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

  const documentError = documentResult && documentResult.status !== "success" ? documentResult : null;
  return (
    <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-label="Fixer details" className="relative flex flex-col gap-5">
      <Honeypot />
      {documentError ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          {documentError.status === "invalid" ? invalid?.message : documentError.message || documentError.title}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <Field key={field.name} id={`fixer-${field.name}`} label={field.label} hint={field.hint} required error={invalid?.field === field.name ? invalid.message : undefined}>
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
          </Field>
        ))}
      </div>
      <Button type="submit" size="lg" loading={busy} className="self-start">
        {busy ? registrationCopy.submitBusy : registrationCopy.submit}
      </Button>
      <p className="text-sm text-muted-foreground">{registrationCopy.feeNote}</p>
    </fetcher.Form>
  );
}
