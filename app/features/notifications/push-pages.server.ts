import type { RequestFacts } from "#server/app.ts";
import type { InfraServices } from "#server/services.ts";
import { badRequestAnswer, formAnswer, invalidAnswer, redirectWithFlash } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { parseSubmission } from "~/lib/forms/parse";
import type { SessionUser } from "~/lib/session-user";
import { notificationsCopy } from "./copy";
import { notificationPaths } from "./kinds";
import { removeDevice, subscribeDevice } from "./push.server";
import { pushDeviceSchema } from "./schemas";

/**
 * POST /account/push-devices: the "Notify me on this device" island sends the browser's
 * subscription here (a fetcher: it reads the answer), and a device row's Remove button (a plain
 * form: 303 back to the list). Only for the signed-in person's own devices; bad input is 4xx and
 * nothing is stored. A device is stored with the sign-in that added it, and goes when that sign-in
 * ends (decision 074): a signed-out phone gets nobody's notifications.
 */

const FORM = "push-devices";
const copy = notificationsCopy.devices;

export async function pushDevicesAction(request: Request, context: Pick<RequestFacts, "userAgent"> & { services: Pick<InfraServices, "config" | "db"> }, { user, sessionId }: { user: SessionUser; sessionId: string }) {
  const form = await readTextForm(request);
  if (!form) return badRequestAnswer(FORM, { message: notificationsCopy.badRequest });
  const { config, db } = context.services;
  const parsed = parseSubmission(pushDeviceSchema(config.WEB_PUSH_LOOPBACK_ENDPOINTS), form, { fields: ["intent", "endpoint", "p256dh", "auth", "name", "id"] });
  if (!parsed.ok) return invalidAnswer(FORM, parsed, { message: Object.values(parsed.fieldErrors)[0] ?? notificationsCopy.badRequest });
  if (parsed.data.intent === "remove") {
    if (!(await removeDevice(db, user.id, parsed.data.id))) return formAnswer(404, { form: FORM, status: "error", message: copy.notFound });
    return redirectWithFlash(context, notificationPaths.settings, { kind: "success", title: copy.removed.title, text: copy.removed.text });
  }
  if (!config.webPush) return formAnswer(409, { form: FORM, status: "error", message: copy.unavailable });
  const { endpoint, p256dh, auth, name } = parsed.data;
  const stored = await subscribeDevice(db, { userId: user.id, sessionId }, { endpoint, p256dh, auth, name }, context.userAgent);
  if (!stored.ok) return formAnswer(409, { form: FORM, status: "error", message: copy.tooMany });
  return formAnswer(200, { form: FORM, status: "success", message: copy.subscribed });
}
