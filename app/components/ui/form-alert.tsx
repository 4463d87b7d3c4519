import type { FormResult } from "~/lib/forms/result";

/**
 * A refusal of the whole form (the job is full, a rate limit, a stale page), shown above its fields
 * or on the item it concerns. Nothing for a success, or for an answer with no words (a field
 * refusal shows beside its field).
 */
export function FormAlert({ answer }: { answer: FormResult | undefined }) {
  if (!answer || answer.status === "success" || (!answer.title && !answer.message)) return null;
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
      {answer.title ? <p className="font-semibold">{answer.title}</p> : null}
      {answer.message ? <p className={answer.title ? "mt-1" : "font-medium"}>{answer.message}</p> : null}
    </div>
  );
}
