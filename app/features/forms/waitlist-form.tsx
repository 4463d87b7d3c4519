import { Button } from "~/components/ui/button";
import { PHONE_HINT } from "~/lib/contact-fields";
import { formatGBP, products } from "~/content/prices";
import { Honeypot } from "~/components/ui/honeypot";
import { FormOutcome, TextField } from "./fields";
import { busyLabels } from "./messages";
import { limits } from "./form-fields";
import { useFormSubmission } from "./use-form-submission";

/**
 * The early-access waitlist (name and email required) and the 'Get Early Access' donation
 * button, which keeps the waitlist data only when name and email are given and always continues.
 */
export function WaitlistForm() {
  const { fetcher, result, busy, fieldErrors, values, formRef, formKey, onSubmit } = useFormSubmission("waitlist");
  const common = { form: "waitlist", errors: fieldErrors, values } as const;
  const intent = fetcher.formData?.get("intent");
  const donation = formatGBP(products.earlyAccessDonation.pricePence);
  return (
    <fetcher.Form key={formKey} ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-label="Join the waitlist" className="relative flex flex-col gap-5">
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...common} name="name" label="Name" required autoComplete="name" maxLength={limits.name} />
        <TextField {...common} name="email" label="Email" type="email" required autoComplete="email" maxLength={limits.email} />
        <TextField {...common} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={limits.phone} hint={PHONE_HINT} />
        <TextField {...common} name="location" label="Location" autoComplete="address-level2" maxLength={limits.location} placeholder="Town or postcode area" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Button type="submit" name="intent" value="waitlist" loading={busy && intent !== "donation"} disabled={busy}>
          {busy && intent !== "donation" ? busyLabels.waitlist : "Join the Waitlist"}
        </Button>
        <Button type="submit" name="intent" value="donation" formNoValidate variant="accent" loading={busy && intent === "donation"} disabled={busy}>
          Get Early Access ({donation})
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        &lsquo;Get Early Access&rsquo; is an optional one-time {donation} donation to support FixiT. If you have filled in your name and
        email, we add you to the waitlist too.
      </p>
      <FormOutcome form="waitlist" result={result} />
    </fetcher.Form>
  );
}
