import { toast } from "~/components/ui/toast";
import type { FieldErrors } from "~/lib/forms/parse";
import { useForm } from "~/lib/forms/use-form";
import { failureToasts, successCopy } from "./messages";
import { publicFormParsing, type FormName, type PublicFormResult } from "./form-fields";

/** The public forms' zod schemas: fetched when the visitor first reaches into the form, not with the page. */
const loadSchema = (form: FormName) => () => import("./schemas").then((m) => m.formSchemas[form]);

/** The toasts a public form's answer shows. */
function showToast(form: FormName, result: PublicFormResult) {
  if (result.status === "success") {
    const copy = successCopy(form, result.repeat);
    toast.success(copy.title, copy.description);
  } else if (result.status === "error") {
    const copy = failureToasts[form];
    toast.error(copy.title, result.message && !result.network ? result.message : copy.description);
    if (result.network && result.message) toast.error("Error", result.message);
  }
}

/** A public form on the one form hook (~/lib/forms/use-form), with its schema and its toasts. */
export function useFormSubmission(form: FormName, options: { revalidateOnChange?: boolean; validate?: (form: HTMLFormElement) => FieldErrors } = {}) {
  return useForm<PublicFormResult>({ form, schema: loadSchema(form), parse: publicFormParsing, ...options, onResult: (result) => showToast(form, result) });
}
