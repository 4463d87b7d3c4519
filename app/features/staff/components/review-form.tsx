import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { parseSubmission } from "~/lib/forms/parse";
import { decisionLabels, REVIEW_NOTE_MAX, reviewDecisions, reviewParsing, reviewSchema, type ReviewDecision } from "~/features/staff/review-schema";

const hints: Record<ReviewDecision, string> = {
  approved: "The fixer is told they are approved. A note is optional.",
  changes_requested: "The fixer is asked to send the application again. Say exactly what to change.",
  rejected: "The application is closed. Give the reason; the fixer reads it.",
};

/** The review decision form. The shared schema checks it before it is sent; the server checks it again. */
export function ReviewForm({ serverErrors }: { serverErrors?: Record<string, string> }) {
  const navigation = useNavigation();
  const [decision, setDecision] = useState<ReviewDecision | "">("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shownErrors = { ...serverErrors, ...errors };
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";

  function check(event: FormEvent<HTMLFormElement>) {
    const checked = parseSubmission(reviewSchema, new FormData(event.currentTarget), reviewParsing);
    if (!checked.ok) {
      event.preventDefault();
      setErrors(checked.fieldErrors);
      const first = Object.keys(checked.fieldErrors)[0];
      event.currentTarget.querySelector<HTMLElement>(first === "decision" ? "input[name=decision]" : "#review-note")?.focus();
    } else setErrors({});
  }

  return (
    <Form method="post" onSubmit={check} noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="review" />
      <fieldset className="flex flex-col gap-2" aria-describedby={shownErrors.decision ? "review-decision-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">Decision</legend>
        {reviewDecisions.map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-secondary">
            <input
              type="radio"
              name="decision"
              value={value}
              className="mt-1 size-4 accent-primary"
              onChange={() => setDecision(value)}
              aria-invalid={shownErrors.decision ? true : undefined}
            />
            <span className="flex flex-col">
              <span className="font-medium">{decisionLabels[value].action}</span>
              <span className="text-sm text-muted-foreground">{hints[value]}</span>
            </span>
          </label>
        ))}
        <FieldError fieldId="review-decision" errors={shownErrors.decision} />
      </fieldset>
      <p className="text-sm text-muted-foreground">
        Approving makes the fixer&apos;s profile. They get leads only for services whose checks are recorded under Vetting checks.
      </p>
      <Field
        id="review-note"
        label={decision === "rejected" ? "Reason for the fixer" : decision === "approved" ? "Note to the fixer (optional)" : "Note to the fixer"}
        marks={false}
        error={shownErrors.note}
        spacing="tight"
      >
        {(control) => <Textarea {...control} name="note" rows={5} maxLength={REVIEW_NOTE_MAX} />}
      </Field>
      <Button type="submit" loading={busy} className="self-start">
        Save decision
      </Button>
    </Form>
  );
}
