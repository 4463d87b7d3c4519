import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { notificationsCopy } from "~/features/notifications/copy";
import { DEFAULT_DELIVERY, deliveryLabels, EMAIL_DELIVERIES, notificationKinds, notificationPaths, type EmailDelivery, type NotificationKind } from "~/features/notifications/kinds";

/** One radio group per kind the person is offered; a plain form (works without JavaScript) posting to its own action. */
export function EmailPreferencesForm({ kinds, chosen }: { kinds: NotificationKind[]; chosen: Partial<Record<NotificationKind, EmailDelivery>> }) {
  return (
    <Form method="post" action={notificationPaths.preferences} className="flex flex-col gap-4">
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
          </fieldset>
        );
      })}
      <Button type="submit" className="self-start">
        {notificationsCopy.preferences.save}
      </Button>
    </Form>
  );
}
