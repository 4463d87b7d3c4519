import { FieldError } from "~/components/ui/field-error";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { PHONE_HINT } from "~/lib/contact-fields";
import type { FieldErrors } from "~/lib/forms/parse";
import { Input } from "~/components/ui/input";
import { jobs } from "~/content/jobs";
import { Honeypot } from "~/components/ui/honeypot";
import { fieldId, FormOutcome, SelectField, TextField } from "./fields";
import { busyLabels } from "./messages";
import { checkCvFile, CV_ACCEPT, limits } from "./form-fields";
import { useFormSubmission } from "./use-form-submission";

export const GENERAL_APPLICATION = "General Application";
export const positionOptions = [...jobs.map((j) => ({ value: j.title, label: j.title })), { value: GENERAL_APPLICATION, label: GENERAL_APPLICATION }];

function checkCv(form: HTMLFormElement): FieldErrors {
  const input = form.elements.namedItem("cv");
  const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
  const problem = file ? checkCvFile(file) : null;
  return problem ? { cv: problem } : {};
}

/**
 * The Application Form on /recruitment: its rules, checked on submit and then on every
 * change, and an optional CV (PDF, DOC or DOCX, at most 5MB). Success clears the form and the CV.
 */
export function RecruitmentForm({ defaultPosition }: { defaultPosition?: string }) {
  const { fetcher, result, busy, fieldErrors, values, formRef, formKey, onSubmit, onChange } = useFormSubmission("recruitment", {
    revalidateOnChange: true,
    validate: checkCv,
  });
  const common = { form: "recruitment", errors: fieldErrors, values } as const;
  const cvId = fieldId("recruitment", "cv");
  return (
    <fetcher.Form
      key={formKey}
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      aria-label="Application Form"
      className="relative flex flex-col gap-5"
    >
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...common} name="firstName" label="First name" required autoComplete="given-name" maxLength={limits.name} />
        <TextField {...common} name="lastName" label="Last name" required autoComplete="family-name" maxLength={limits.name} />
        <TextField {...common} name="email" label="Email" type="email" required autoComplete="email" maxLength={limits.email} />
        <TextField {...common} name="phone" label="Phone" type="tel" required autoComplete="tel" inputMode="tel" maxLength={limits.phone} hint={PHONE_HINT} />
      </div>
      <SelectField
        {...common}
        name="position"
        label="Position"
        required
        options={positionOptions}
        placeholder="Select the position you're applying for"
        defaultValue={defaultPosition}
      />
      <TextField {...common} name="experience" label="Experience" required multiline maxLength={limits.longText} placeholder="Your relevant work experience" />
      <TextField {...common} name="qualifications" label="Qualifications" required multiline maxLength={limits.longText} placeholder="Qualifications, certificates and training" />
      <TextField
        {...common}
        name="coverLetter"
        label="Cover letter"
        required
        multiline
        maxLength={limits.coverLetter}
        hint="At least 50 characters: why this role, and why FixiT?"
      />
      <Field id={cvId} label="CV" hint="PDF, DOC or DOCX, up to 5MB." error={fieldErrors.cv}>
        {(control) => <Input {...control} name="cv" type="file" accept={CV_ACCEPT} />}
      </Field>
      {fieldErrors.form ? <FieldError fieldId="recruitment-form" errors={fieldErrors.form} /> : null}
      <div className="flex flex-col gap-3">
        <Button type="submit" name="intent" value="recruitment" loading={busy} className="w-full sm:w-auto sm:self-start">
          {busy ? busyLabels.recruitment : "Submit Application"}
        </Button>
        <FormOutcome form="recruitment" result={result} />
      </div>
    </fetcher.Form>
  );
}
