import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { services } from "~/content/services";
import { useForm } from "~/lib/forms/use-form";
import { requestPathForPlace } from "~/features/quotes/coverage-answer";
import type { AreaWaitlistResult } from "~/features/quotes/area-waitlist.server";

/**
 * The area waitlist's form: name, email, the service and the postcode (filled in from the check
 * that led here). A fetcher POST with JavaScript, a plain POST without; the same schema both ways.
 */
export function AreaWaitlistForm({ defaults }: { defaults: { service: string; postcode: string } }) {
  const { fetcher, result, busy, fieldErrors, values, formRef, formKey, onSubmit } = useForm<AreaWaitlistResult>({
    form: "area-waitlist",
    schema: () => import("~/features/quotes/schemas").then((m) => m.areaWaitlistFormSchema),
  });
  const initial = (name: string, fallback = "") => (typeof values[name] === "string" ? (values[name] as string) : fallback);

  if (result?.status === "success") {
    const service = services.find((s) => s.slug === result.service);
    return (
      <div role="status" className="flex gap-3 rounded-lg bg-success/10 p-4" data-testid="area-waitlist-joined">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div>
          <p className="font-semibold">You're on the waitlist{service && result.postcode ? ` for ${service.name.toLowerCase()} in ${result.postcode}` : ""}.</p>
          <p className="mt-1">
            {result.covered
              ? "Good news: a fixer already covers it. Post your job now and they will be sent it."
              : "We'll email you once, as soon as an approved fixer starts covering it. We've sent you a confirmation."}
          </p>
          {result.covered && result.postcode ? (
            <Button asChild className="mt-3">
              <Link to={requestPathForPlace(result.service ?? null, result.postcode)}>Post your job</Link>
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  const formError = result?.status === "error" ? (result.message ?? "Something went wrong. Please try again.") : null;
  return (
    <fetcher.Form key={formKey} ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-label="Join the area waitlist" className="flex flex-col gap-5">
      <Honeypot />
      {formError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="waitlist-service" label="Service" required error={fieldErrors.service}>
          {(control) => (
            <NativeSelect {...control} name="service" required defaultValue={initial("service", defaults.service)}>
              <option value="">Choose a service</option>
              {services.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id="waitlist-postcode" label="Postcode" required hint="A full postcode, or just the first part, like N1." error={fieldErrors.postcode}>
          {(control) => <Input {...control} name="postcode" required autoComplete="postal-code" maxLength={10} className="uppercase" defaultValue={initial("postcode", defaults.postcode)} />}
        </Field>
        <Field id="waitlist-name" label="Name" required error={fieldErrors.name}>
          {(control) => <Input {...control} name="name" required autoComplete="name" maxLength={100} defaultValue={initial("name")} />}
        </Field>
        <Field id="waitlist-email" label="Email" required error={fieldErrors.email}>
          {(control) => <Input {...control} name="email" type="email" required autoComplete="email" maxLength={254} defaultValue={initial("email")} />}
        </Field>
      </div>
      <Button type="submit" loading={busy} disabled={busy} className="self-start">
        Join the waitlist
      </Button>
    </fetcher.Form>
  );
}
