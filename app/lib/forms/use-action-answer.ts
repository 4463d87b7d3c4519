import { useActionData } from "react-router";
import { isFormResult, type FormResult } from "./result";

/**
 * The answer the route's action gave the form named `form` (a plain `<Form>` POST re-renders the
 * page with it; another form's answer is undefined). The plain-form half of decision 020; a form
 * with instant feedback uses `useForm` instead.
 */
export function useActionAnswer<Extra extends object = object>(form: string): FormResult<Extra> | undefined {
  const answer: unknown = useActionData();
  return isFormResult(answer, form) ? (answer as FormResult<Extra>) : undefined;
}

/** What was typed in `field`, sent back with a refusal, so the form shows it again. */
export function answeredValue(answer: FormResult | undefined, field: string): string | undefined {
  const value = answer && "values" in answer ? answer.values?.[field] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** The message for `field` when the schema refused it. */
export function answeredError(answer: FormResult | undefined, field: string): string | undefined {
  return answer?.status === "invalid" ? answer.fieldErrors[field] : undefined;
}
