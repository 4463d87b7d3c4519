import { useEffect, useRef, useState, type FormEvent } from "react";
import { useActionData, useFetcher } from "~/lib/routing";
import { parseSubmission, type FieldErrors, type FormSchema, type FormValues, type ParseOptions } from "./parse";
import { isFormResult, type FormResult } from "./result";

type Options<R extends FormResult> = {
  /** The form's name: its fetcher's key and the `form` its action answers with. */
  form: string;
  /**
   * The form's schema, checked before anything is sent (the action checks it again); or a loader for
   * it, called when the visitor first focuses or presses inside the form, so a page read and never
   * filled in does not load it. Until it has loaded, only `validate` runs in the browser and the
   * server's answer carries the messages.
   */
  schema?: FormSchema | (() => Promise<FormSchema>);
  parse?: ParseOptions;
  /** Checks the schema cannot make (a chosen file, a field only needed by the browser). */
  validate?: (form: HTMLFormElement) => FieldErrors;
  /** Check again on every change once the form was submitted. */
  revalidateOnChange?: boolean;
  /** Move the focus to the first refused field (default true). */
  focusFirstError?: boolean;
  /** The browser's check stopped the submission (a form that answers with a toast says so here). */
  onInvalid?: (fieldErrors: FieldErrors) => void;
  /** Each new answer from the server, once (toasts). */
  onResult?: (result: R) => void;
  /** Whether an answer starts a fresh form (fields and any chosen file cleared); default: a success does. */
  resetOn?: (result: R) => boolean;
  /** Send the form through the fetcher with these extra fields instead of letting it submit itself. */
  extraFields?: Record<string, string>;
  /** Where the form posts (default: the current route). */
  action?: string;
};

/**
 * One form's state in the browser: the same schema checked at once, a fetcher (no page reload),
 * field messages from the browser's check or the server's answer, each answer handed once to
 * `onResult`, a fresh form after success, and the values a plain POST (no JavaScript) sent back.
 */
export function useForm<R extends FormResult = FormResult>(options: Options<R>) {
  const { form } = options;
  const fetcher = useFetcher<R>({ key: form });
  // A form result is plain JSON: what the action returned is what arrives.
  const answer = fetcher.data as R | undefined;
  const actionData: unknown = useActionData();
  const documentResult = isFormResult(actionData, form) ? (actionData as R) : undefined;
  const result: R | undefined = answer ?? documentResult;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [generation, setGeneration] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const loadedSchema = useRef<FormSchema | undefined>(typeof options.schema === "function" ? undefined : options.schema);
  useEffect(() => {
    const source = latest.current.schema;
    if (typeof source !== "function") return;
    let active = true;
    const load = () => {
      stopListening();
      source().then(
        (schema) => {
          if (active) loadedSchema.current = schema;
        },
        () => {
          /* offline: the server checks the form */
        },
      );
    };
    // Fetched when the visitor first reaches into the form: a phone that only reads the page never
    // downloads or runs the schema's code (zod and the rules: 30–50 ms of a slow phone's main thread).
    const reached = (event: Event) => {
      if (event.target instanceof Node && formRef.current?.contains(event.target)) load();
    };
    const stopListening = () => {
      document.removeEventListener("focusin", reached);
      document.removeEventListener("pointerdown", reached);
    };
    if (formRef.current?.contains(document.activeElement)) load();
    else {
      document.addEventListener("focusin", reached);
      document.addEventListener("pointerdown", reached);
    }
    return () => {
      active = false;
      stopListening();
    };
  }, []);

  // A new fetcher answer: the server's field messages replace the browser's, and a success starts a
  // fresh form. Adjusted while rendering, as React recommends for state derived from a changed value.
  const [handled, setHandled] = useState<R | undefined>(undefined);
  if (answer && answer !== handled) {
    setHandled(answer);
    setClientErrors(null);
    if ((options.resetOn ?? ((r: R) => r.status === "success"))(answer)) {
      setSubmitted(false);
      setGeneration((g) => g + 1);
    }
  }

  // Toasts are the outside world: each answer is handed over once.
  useEffect(() => {
    if (answer) latest.current.onResult?.(answer);
  }, [answer]);

  const serverErrors = result?.status === "invalid" ? result.fieldErrors : {};
  const fieldErrors: FieldErrors = clientErrors ?? serverErrors;
  // Values to show again after a plain POST failed (no JavaScript); a fetcher keeps the DOM as typed.
  const values: FormValues = !answer && documentResult && documentResult.status !== "success" ? (documentResult.values ?? {}) : {};

  function check(element: HTMLFormElement): FieldErrors {
    const schema = typeof options.schema === "function" ? loadedSchema.current : options.schema;
    const parsed = schema ? parseSubmission(schema, new FormData(element), options.parse) : null;
    return { ...(parsed && !parsed.ok ? parsed.fieldErrors : {}), ...options.validate?.(element) };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // A button marked formNoValidate (the waitlist's 'Get Early Access') sends the form unchecked.
    if ((event.nativeEvent as SubmitEvent).submitter?.hasAttribute("formnovalidate")) return;
    const element = event.currentTarget;
    const errors = check(element);
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      setClientErrors(errors);
      if (options.focusFirstError ?? true) element.querySelector<HTMLElement>(`[name="${Object.keys(errors)[0]}"]`)?.focus();
      options.onInvalid?.(errors);
      return;
    }
    setClientErrors(null);
    if (options.extraFields) {
      event.preventDefault();
      const formData = new FormData(element);
      for (const [key, value] of Object.entries(options.extraFields)) formData.set(key, value);
      void fetcher.submit(formData, { method: "post", action: options.action });
    }
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    if (!options.revalidateOnChange || !submitted) return;
    setClientErrors(check(event.currentTarget));
  }

  /** Takes one field's message away (a form whose marks clear as the field is edited). */
  function clearError(field: string) {
    if (!(field in fieldErrors)) return;
    const { [field]: _cleared, ...rest } = fieldErrors;
    setClientErrors(rest);
  }

  return { fetcher, result, documentResult, busy, fieldErrors, checkedInBrowser: clientErrors !== null, values, formRef, formKey: `${form}-${generation}`, onSubmit, onChange, clearError };
}
