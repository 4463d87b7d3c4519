import { idField, z } from "~/lib/zod";
import { EMAIL_DELIVERIES, NOTIFICATION_KINDS, type EmailDelivery, type NotificationKind } from "./kinds";

/** The email-preferences form: one radio group per kind, named after the kind; a kind left out stays as it is. */
export const emailPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.enum(EMAIL_DELIVERIES, { error: "Choose at once, daily digest or off." }).optional()])) as Record<
    NotificationKind,
    z.ZodOptional<z.ZodEnum<{ [K in EmailDelivery]: K }>>
  >,
);
export type EmailPreferencesInput = Partial<Record<NotificationKind, EmailDelivery>>;

/** The list's forms: mark one notification read, or all of them. */
export const markReadSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: idField("Choose a notification.") }),
  z.object({ intent: z.literal("read-all") }),
]);

/** The longest push endpoint taken: the push services' own are under 500 characters. */
export const PUSH_ENDPOINT_MAX = 2048;
export const DEVICE_NAME_MAX = 60;
/** Devices per person: a browser profile each, and stale ones are removed when their push service says so. */
export const PUSH_DEVICES_MAX = 20;

const isLoopbackHostname = (host: string) => host === "localhost" || host === "127.0.0.1" || host === "[::1]";

/** Where a push may be sent: https, no credentials in it; http only on loopback and only when the server allows it (tests). */
export function pushEndpointProblem(value: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "The push endpoint must be a full web address.";
  }
  if (url.username || url.password) return "The push endpoint must not carry a user name or password.";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && allowLoopbackHttp && isLoopbackHostname(url.hostname)) return null;
  return "The push endpoint must be an https address.";
}

/**
 * A device's subscription (PushSubscription.toJSON() from the browser, and an optional name), or a
 * device row's Remove button. `allowLoopbackHttp`: the server's WEB_PUSH_LOOPBACK_ENDPOINTS (tests).
 */
export const pushDeviceSchema = (allowLoopbackHttp = false) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("subscribe"),
      endpoint: z
        .string({ error: "The push endpoint is missing." })
        .max(PUSH_ENDPOINT_MAX, `The push endpoint must be at most ${PUSH_ENDPOINT_MAX} characters.`)
        .superRefine((value, ctx) => {
          const problem = pushEndpointProblem(value, allowLoopbackHttp);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
      // An uncompressed P-256 point: 65 bytes, the first 0x04 (so its base64url starts with "B").
      p256dh: z.string({ error: "The device's key is missing." }).regex(/^B[A-Za-z0-9_-]{86}$/, "The device's key is not a P-256 public key (65 bytes, base64url)."),
      auth: z.string({ error: "The device's auth secret is missing." }).regex(/^[A-Za-z0-9_-]{21}[AQgw]$/, "The device's auth secret must be 16 bytes, base64url."),
      name: z
        .string()
        .trim()
        .max(DEVICE_NAME_MAX, `Keep the device's name to ${DEVICE_NAME_MAX} characters.`)
        // eslint-disable-next-line no-control-regex -- refusing control characters is the point
        .refine((value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value), "The device's name contains a character that can't be used.")
        .optional(),
    }),
    z.object({ intent: z.literal("remove"), id: idField("Choose a device.") }),
  ]);
export type PushDeviceInput = z.infer<ReturnType<typeof pushDeviceSchema>>;

/** The push choices in the preferences form: a checkbox per kind, and a marker that the form showed them (an unticked box sends nothing). */
export const pushPreferenceField = (kind: NotificationKind) => `push_${kind}`;
export const PUSH_CHOICES_SHOWN = "push_choices";
