import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { notificationsCopy } from "~/features/notifications/copy";
import { DEFAULT_DELIVERY, deliveryLabels, EMAIL_DELIVERIES, notificationKinds, notificationPaths, PUSH_DEFAULTS, type EmailDelivery, type NotificationKind } from "~/features/notifications/kinds";
import { PUSH_CHOICES_SHOWN, pushPreferenceField } from "~/features/notifications/schemas";

/**
 * One radio group per kind the person is offered, and a push checkbox beside it; a plain form (works
 * without JavaScript) posting to its own action. The hidden marker says the checkboxes were shown, so
 * an unticked box (which sends nothing) means "off".
 */
export function EmailPreferencesForm({ kinds, chosen, push }: { kinds: NotificationKind[]; chosen: Partial<Record<NotificationKind, EmailDelivery>>; push: Partial<Record<NotificationKind, boolean>> }) {
  return (
    <Form method="post" action={notificationPaths.preferences} className="flex flex-col gap-4">
      <input type="hidden" name={PUSH_CHOICES_SHOWN} value="1" />
      {kinds.map((kind) => {
        const current = chosen[kind] ?? DEFAULT_DELIVERY;
        return (
          <fieldset key={kind} className="flex flex-col gap-2 rounded-lg border border-border p-3">
            <legend className="px-1 font-medium">{notificationKinds[kind].label}</legend>
            <p className="text-sm text-muted-foreground">{notificationKinds[kind].hint}</p>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {EMAIL_DELIVERIES.map((delivery) => (
                <label key={delivery} className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                  <input type="radio" name={kind} value={delivery} defaultChecked={current === delivery} className="size-4 accent-primary" />
                  {deliveryLabels[delivery]}
                </label>
              ))}
            </div>
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 border-t border-border pt-2 text-sm">
              <input type="checkbox" name={pushPreferenceField(kind)} value="on" defaultChecked={push[kind] ?? PUSH_DEFAULTS[kind]} className="size-4 accent-primary" />
              {notificationsCopy.preferences.pushLabel}
            </label>
          </fieldset>
        );
      })}
      <Button type="submit" className="self-start">
        {notificationsCopy.preferences.save}
      </Button>
    </Form>
  );
}
