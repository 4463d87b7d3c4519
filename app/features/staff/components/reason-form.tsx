import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { quoteLimits } from "~/features/quotes/job-fields";

/**
 * A moderation action with its required reason (hide a review or a message, pause or resume a
 * fixer's leads). The author is emailed the reason; the server checks it again (5–500 characters).
 */
export function ReasonForm({
  intent,
  fields = {},
  label,
  hint,
  submit,
  destructive,
}: {
  intent: string;
  /** Hidden fields naming what the action is about (a message id). */
  fields?: Record<string, string | number>;
  label: string;
  hint: string;
  submit: string;
  destructive?: boolean;
}) {
  const navigation = useNavigation();
  const key = [intent, ...Object.values(fields)].join("-");
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent && Object.entries(fields).every(([k, v]) => navigation.formData?.get(k) === String(v));
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Field id={`reason-${key}`} label={label} hint={hint} marks={false} spacing="tight">
        {(control) => <Textarea {...control} name="reason" rows={3} required minLength={quoteLimits.reason.min} maxLength={quoteLimits.reason.max} />}
      </Field>
      <Button type="submit" variant={destructive ? "destructive" : "default"} className="self-start" loading={busy}>
        {submit}
      </Button>
    </Form>
  );
}
