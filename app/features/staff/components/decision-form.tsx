import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { bookingDecisionFormSchema, decisionParsing, decisionReasonLimits } from "~/features/staff/booking-decision-schema";
import { formatGBPAs } from "~/content/money";
import { parseSubmission } from "~/lib/forms/parse";

/** The staff booking page's decide form. The shared schema checks it before it is sent; the server checks it again (and the price). */
export function DecisionForm({ pricePence, serverErrors }: { pricePence: number; serverErrors?: Record<string, string> }) {
  const navigation = useNavigation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "decide";

  function check(event: FormEvent<HTMLFormElement>) {
    const checked = parseSubmission(bookingDecisionFormSchema, new FormData(event.currentTarget), decisionParsing);
    if (!checked.ok) {
      event.preventDefault();
      setErrors(checked.fieldErrors);
      event.currentTarget.querySelector<HTMLElement>(`#decision-${Object.keys(checked.fieldErrors)[0]}`)?.focus();
    } else setErrors({});
  }

  return (
    <Form method="post" onSubmit={check} noValidate className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="decide" />
      <Field id="decision-decision" label="Decision" marks={false} spacing="tight" error={shown.decision}>
        {(control) => (
          <NativeSelect {...control} name="decision" defaultValue="partial">
            <option value="release">Release all to the fixer</option>
            <option value="partial">Release part, refund the rest</option>
            <option value="refund">Refund all to the customer</option>
          </NativeSelect>
        )}
      </Field>
      <Field
        id="decision-amount"
        label="Part of the price to release (£)"
        marks={false}
        spacing="tight"
        hint={`Only for “release part”: more than £0 and less than the price of ${formatGBPAs(pricePence, "ledger")}. The fixer’s 10% service charge comes off it.`}
        error={shown.amount}
      >
        {(control) => <Input {...control} name="amount" inputMode="decimal" maxLength={20} autoComplete="off" />}
      </Field>
      <Field id="decision-reason" label="Reason both sides will see" marks={false} spacing="tight" hint="Emailed to the customer and the fixer and shown on their booking page." error={shown.reason}>
        {(control) => <Textarea {...control} name="reason" rows={4} required minLength={decisionReasonLimits.min} maxLength={decisionReasonLimits.max} />}
      </Field>
      <Button type="submit" className="self-start" loading={busy}>
        Decide
      </Button>
    </Form>
  );
}
