import type { AppLoadContext } from "react-router";

/**
 * The server half of the form pipeline: reading a text form's body with a size bound, and the one
 * honeypot answer's log line.
 */

/** Text forms are small; anything bigger is not a person typing. */
const MAX_TEXT_FORM_BYTES = 100_000;

/** The body of a text form, or null when it is too big or cannot be read (the caller answers 400). */
export async function readTextForm(request: Request): Promise<FormData | null> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_TEXT_FORM_BYTES) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/**
 * Logs a submission whose honeypot was filled (see parseSubmission). Nothing of it is stored; the
 * caller answers as if it had worked, unless working would hand something out (a checkout, a
 * members' page): then it answers the form's usual refusal.
 */
export function logHoneypot(context: AppLoadContext, form: string) {
  context.services.logger.warn({ form, ip: context.clientIp, userAgent: context.userAgent }, "form honeypot filled: submission dropped");
}
