import { Button } from "~/components/ui/button";
import { PHONE_HINT } from "~/lib/contact-fields";
import { Honeypot } from "~/components/ui/honeypot";
import { FormOutcome, TextField } from "./fields";
import { busyLabels } from "./messages";
import { limits } from "./form-fields";
import { useFormSubmission } from "./use-form-submission";

/** The Contact Support form on /help: name, email, optional phone, description. */
export function ContactSupportForm() {
  const { fetcher, result, busy, fieldErrors, values, formRef, formKey, onSubmit } = useFormSubmission("help");
  const common = { form: "help", errors: fieldErrors, values } as const;
  return (
    <fetcher.Form key={formKey} ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-label="Contact Support" className="relative flex flex-col gap-5">
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...common} name="name" label="Name" required autoComplete="name" maxLength={limits.name} />
        <TextField {...common} name="email" label="Email" type="email" required autoComplete="email" maxLength={limits.email} />
      </div>
      <TextField {...common} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={limits.phone} hint={PHONE_HINT} />
      <TextField {...common} name="description" label="How can we help?" required multiline maxLength={limits.message} placeholder="Describe your question or problem" />
      <div className="flex flex-col gap-3">
        <Button type="submit" name="intent" value="help" loading={busy} className="w-full sm:w-auto sm:self-start">
          {busy ? busyLabels.help : "Send Message"}
        </Button>
        <FormOutcome form="help" result={result} />
      </div>
    </fetcher.Form>
  );
}
