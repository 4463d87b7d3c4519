import { describedBy, FieldError } from "~/components/ui/field-error";
import { Button } from "~/components/ui/button";
import { services } from "~/content/services";
import { Honeypot } from "~/components/ui/honeypot";
import { fieldId, FormOutcome, SelectField, TextField } from "./fields";
import { busyLabels } from "./messages";
import { frequencies, likelihoods, limits } from "./form-fields";
import { useFormSubmission } from "./use-form-submission";

const choiceClasses =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary";

/** The early-access feedback form: only likelihood is required; a blank name is stored as 'Anonymous'. */
export function FeedbackForm() {
  const { fetcher, result, busy, fieldErrors, values, formRef, formKey, onSubmit } = useFormSubmission("feedback");
  const common = { form: "feedback", errors: fieldErrors, values } as const;
  const likelihoodId = fieldId("feedback", "likelihood");
  const servicesId = fieldId("feedback", "services");
  const chosen = new Set(Array.isArray(values.services) ? values.services : []);
  return (
    <fetcher.Form key={formKey} ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-label="Share your feedback" className="relative flex flex-col gap-5">
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...common} name="name" label="Name" autoComplete="name" maxLength={limits.name} hint="Leave blank to stay anonymous." />
        <TextField {...common} name="email" label="Email" type="email" autoComplete="email" maxLength={limits.email} hint="Only if you would like a reply." />
      </div>

      <fieldset
        className="flex flex-col gap-3"
        aria-invalid={fieldErrors.likelihood ? true : undefined}
        aria-describedby={describedBy(likelihoodId, { hasError: Boolean(fieldErrors.likelihood) })}
      >
        <legend className="mb-2 text-sm font-medium">
          How likely are you to use FixiT? <span aria-hidden="true" className="text-destructive">*</span>
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {likelihoods.map((l) => (
            <label key={l.value} className={choiceClasses}>
              <input type="radio" required name="likelihood" value={l.value} defaultChecked={values.likelihood === l.value} className="size-4 accent-primary" />
              {l.label}
            </label>
          ))}
        </div>
        <FieldError fieldId={likelihoodId} errors={fieldErrors.likelihood} />
      </fieldset>

      <fieldset className="flex flex-col gap-3" aria-describedby={describedBy(servicesId, { hasError: Boolean(fieldErrors.services) })}>
        <legend className="mb-2 text-sm font-medium">
          Which services would you use? <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((s) => (
            <label key={s.slug} className={choiceClasses}>
              <input type="checkbox" name="services" value={s.slug} defaultChecked={chosen.has(s.slug)} className="size-4 accent-primary" />
              {s.name}
            </label>
          ))}
        </div>
        <FieldError fieldId={servicesId} errors={fieldErrors.services} />
      </fieldset>

      <SelectField {...common} name="frequency" label="How often would you book home services?" options={frequencies} placeholder="Select how often" />
      <TextField {...common} name="feedback" label="Your feedback" multiline maxLength={limits.message} placeholder="What would make FixiT great for you?" />
      <div className="flex flex-col gap-3">
        <Button type="submit" name="intent" value="feedback" loading={busy} className="w-full sm:w-auto sm:self-start">
          {busy ? busyLabels.feedback : "Submit Feedback"}
        </Button>
        <FormOutcome form="feedback" result={result} />
      </div>
    </fetcher.Form>
  );
}
