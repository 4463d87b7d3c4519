import { Button } from "~/components/ui/button";
import { PHONE_HINT } from "~/lib/contact-fields";
import { Honeypot } from "~/components/ui/honeypot";
import { FormOutcome, SelectField, TextField } from "./fields";
import { busyLabels } from "./messages";
import { investmentAmounts, investmentTimelines, investmentTypes, limits } from "./form-fields";
import { useFormSubmission } from "./use-form-submission";

const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** The investor inquiry form on /careers. */
export function InvestorInquiryForm() {
  const { fetcher, result, busy, fieldErrors, values, formRef, formKey, onSubmit } = useFormSubmission("investor");
  const common = { form: "investor", errors: fieldErrors, values } as const;
  return (
    <fetcher.Form key={formKey} ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-label="Investor inquiry" className="relative flex flex-col gap-5">
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...common} name="name" label="Name" required autoComplete="name" maxLength={limits.name} />
        <TextField {...common} name="email" label="Email" type="email" required autoComplete="email" maxLength={limits.email} />
        <TextField {...common} name="company" label="Company" autoComplete="organization" maxLength={limits.company} />
        <TextField {...common} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={limits.phone} hint={PHONE_HINT} />
        <SelectField {...common} name="investmentAmount" label="Investment amount" options={asOptions(investmentAmounts)} placeholder="Select a range" />
        <SelectField {...common} name="investmentType" label="Investment type" options={asOptions(investmentTypes)} placeholder="Select a type" />
        <SelectField {...common} name="timeline" label="Timeline" options={asOptions(investmentTimelines)} placeholder="Select a timeline" />
      </div>
      <TextField {...common} name="message" label="Message" required multiline maxLength={limits.message} placeholder="Tell us about your interest in FixiT" />
      <div className="flex flex-col gap-3">
        <Button type="submit" name="intent" value="investor" loading={busy} className="w-full sm:w-auto sm:self-start">
          {busy ? busyLabels.investor : "Send Inquiry"}
        </Button>
        <FormOutcome form="investor" result={result} />
      </div>
    </fetcher.Form>
  );
}
