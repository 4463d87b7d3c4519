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
