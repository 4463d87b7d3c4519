import type { RequestFacts } from "#server/app.ts";
import type { InfraServices } from "#server/services.ts";

/**
 * The server half of the form pipeline: reading a text form's body, and the one honeypot answer's
 * log line.
 */

/**
 * The body of a text form (urlencoded, or multipart without files), or null when it cannot be read
 * (no boundary, cut short, over its cap, not a form: the caller answers 400). Its size is bounded
 * before it gets here: the server reads every body through its route's cap and answers 413 the
 * moment it is passed (server/http/body-limit.ts), so this never holds more than the cap.
 */
export async function readTextForm(request: Request): Promise<FormData | null> {
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
export function logHoneypot(context: Pick<RequestFacts, "clientIp" | "userAgent"> & { services: Pick<InfraServices, "logger"> }, form: string) {
  context.services.logger.warn({ form, ip: context.clientIp, userAgent: context.userAgent }, "form honeypot filled: submission dropped");
}
