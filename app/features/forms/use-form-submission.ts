import { useEffect, useRef, useState, type FormEvent } from "react";
import { useActionData, useFetcher } from "react-router";
import type { z } from "zod";
import { toast } from "~/components/ui/toast";
import { clientErrorMessage, withTimeout } from "./client-errors";
import { isFormActionResult, type FormActionResult } from "./form-result";
import { failureToasts, successCopy } from "./messages";
import { formValues, parseForm, type FieldErrors, type FormName, type FormValues } from "./schemas";

/** The spec's limit for a call to a server function (001 §9). */
const SUBMIT_TIMEOUT_MS = 20_000;

const formNames: readonly FormName[] = ["investor", "help", "waitlist", "feedback", "recruitment"];

/**
 * A route's clientAction for pages with forms: runs the server action and turns a failure that
 * never reached it (offline, timeout, 5xx) into a form result, so the form shows its failure
 * toast instead of the page's error screen. A plain POST without JavaScript skips this.
 */
export async function formClientAction({ request, serverAction }: { request: Request; serverAction: () => Promise<unknown> }) {
  let form: FormName = "help";
  try {
    const intent = (await request.clone().formData()).get("intent");
    if (intent === "donation") form = "waitlist";
    else if (formNames.includes(intent as FormName)) form = intent as FormName;
  } catch {
    /* unreadable body: keep the default */
  }
  try {
    return await withTimeout(serverAction(), SUBMIT_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect (the donation button) goes on as usual
    return { form, status: "error", message: clientErrorMessage(error), network: true } satisfies FormActionResult & { network: true };
  }
}

type Options = {
  /** Validate again on every change once the form was submitted (the recruitment rule). */
  revalidateOnChange?: boolean;
  /** Extra checks the schema cannot make (the CV file). */
  extraValidate?: (form: HTMLFormElement) => FieldErrors;
};

/**
 * One form's state: a fetcher (no page reload), the result of a plain POST when JavaScript was
 * off, field messages (from the browser's check or the server's), toasts, and reset on success.
 */
export function useFormSubmission<S extends z.ZodObject>(form: FormName, schema: S, options: Options = {}) {
  const fetcher = useFetcher<FormActionResult>({ key: `form-${form}` });
  const actionData: unknown = useActionData();
  const documentResult = isFormActionResult(actionData) && actionData.form === form ? actionData : undefined;
  const result: FormActionResult | undefined = fetcher.data ?? documentResult;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [generation, setGeneration] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";

  // A new fetcher answer: on success start a fresh form (fields and any chosen file cleared).
  // Adjusted while rendering, as React recommends for state derived from a changed value.
  const [handled, setHandled] = useState<FormActionResult | undefined>(undefined);
  if (fetcher.data && fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data.status === "success") {
      setClientErrors(null);
      setSubmitted(false);
      setGeneration((g) => g + 1);
    }
  }

  // Toasts are the outside world: shown once per answer.
  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if (data.status === "success") {
      const copy = successCopy(form, data.repeat);
      toast.success(copy.title, copy.description);
    } else if (data.status === "error") {
      const copy = failureToasts[form];
      const network = "network" in data;
      toast.error(copy.title, data.message && !network ? data.message : copy.description);
      if (network && data.message) toast.error("Error", data.message);
    }
  }, [fetcher.data, form]);

  const serverErrors = result?.status === "invalid" ? result.fieldErrors : {};
  const fieldErrors: FieldErrors = clientErrors ?? serverErrors;
  // Values to show again after a plain POST failed (no JavaScript); a fetcher keeps the DOM as typed.
  const values: FormValues = !fetcher.data && documentResult && documentResult.status !== "success" ? (documentResult.values ?? {}) : {};

  function validate(element: HTMLFormElement): FieldErrors {
    const formData = new FormData(element);
    const parsed = parseForm(schema, formValues(schema, formData));
    return { ...(parsed.ok ? {} : parsed.fieldErrors), ...options.extraValidate?.(element) };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "donation") return; // the donation button checks nothing: it always continues
    const errors = validate(event.currentTarget);
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      setClientErrors(errors);
      const first = Object.keys(errors)[0];
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setClientErrors(null);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    if (!options.revalidateOnChange || !submitted) return;
    setClientErrors(validate(event.currentTarget));
  }

  return { fetcher, result, busy, fieldErrors, values, formRef, formKey: `${form}-${generation}`, onSubmit, onChange };
}
