import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { services } from "~/content/services";
import { useForm } from "~/lib/forms/use-form";
import type { FieldErrors } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import { requestCopy } from "~/features/quotes/request-copy";
import { areaWaitlistPath, fetchCoverage } from "~/features/quotes/coverage-answer";
import { quotePaths } from "~/features/quotes/paths";
import { parseJobPostcode } from "~/features/quotes/postcodes";
import { budgetBandLabels, budgetBands, jobTimingLabels, jobTimings, photoAccept, quoteLimits, ukToday } from "~/features/quotes/job-fields";
import { formatCount } from "~/content/format";

type Result = FormResult;
export type RequestDefaults = Partial<Record<"service" | "postcode" | "title" | "description" | "timing" | "preferredDate" | "budget" | "invite", string>>;
type Coverage = { state: "idle" | "checking" } | { state: "covered" | "uncovered"; district: string; fixers: number } | { state: "error"; message: string };


/** The photos the browser can check before sending: how many (with the kept ones) and how big (the server checks the content). */
function checkPhotos(form: HTMLFormElement): FieldErrors {
  const input = form.elements.namedItem("photos") as HTMLInputElement | null;
  const files = [...(input?.files ?? [])];
  const kept = form.querySelectorAll('input[name="keepPhoto"]:checked').length;
  if (files.length + kept > quoteLimits.photosPerJob) return { photos: `Add at most ${quoteLimits.photosPerJob} photos.` };
  const big = files.find((f) => f.size > quoteLimits.photoMaxBytes);
  if (big) return { photos: `${big.name} is over 10 MB. Add photos of 10 MB or smaller.` };
  return {};
}

/**
 * The job form: a plain multipart POST (it works without JavaScript); with JavaScript the same
 * schema checks it first, and once the service and postcode are valid the page asks whether an
 * approved fixer covers them (the one coverage answer). Where none does the job can still be
 * posted: it waits for a fixer (decision 043); the area waitlist is offered for those not ready to post.
 */
export type KeptPhoto = { id: string; src: string };

export function RequestForm({
  defaults,
  invited,
  signedIn,
  restored,
  keptPhotos,
}: {
  defaults: RequestDefaults;
  invited: { slug: string; displayName: string } | null;
  signedIn: boolean;
  restored: boolean;
  keptPhotos: KeptPhoto[];
}) {
  const { fieldErrors, values, result, formRef, onSubmit, onChange } = useForm<Result>({
    form: "post-job",
    // zod and the form's schema load after the page; until then the server's answer carries the field messages.
    schema: () => import("~/features/quotes/schemas").then((m) => m.postJobFormSchema),
    parse: { multiLine: ["description"] },
    validate: checkPhotos,
    revalidateOnChange: true,
  });
  const initial = (name: keyof RequestDefaults) => (typeof values[name] === "string" ? (values[name] as string) : (defaults[name] ?? ""));
  const [timing, setTiming] = useState(initial("timing"));
  const [service, setService] = useState(initial("service"));
  const [postcode, setPostcode] = useState(initial("postcode"));
  const [checked, setCoverage] = useState<Coverage & { key: string }>({ state: "idle", key: "" });
  const hydrated = useHydrated();
  const place = parseJobPostcode(postcode);
  const key = service && place ? `${service} ${place.postcode}` : "";
  // Only the answer for what the form says now counts.
  const coverage: Coverage = key && checked.key === key ? checked : { state: "idle" };

  useEffect(() => {
    const place = parseJobPostcode(postcode);
    if (!service || !place) return;
    const key = `${service} ${place.postcode}`;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setCoverage({ state: "checking", key });
      fetchCoverage(service, place.postcode, controller.signal)
        .then((answer) => {
          if ("error" in answer) setCoverage({ state: "error", message: answer.error, key });
          else setCoverage({ state: answer.covered ? "covered" : "uncovered", district: answer.district, fixers: answer.fixers, key });
        })
        .catch(() => undefined);
    }, 350);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [service, postcode]);

  const formError = result && result.status === "error" ? result.message : fieldErrors.form;

  return (
    <>
      {restored ? (
        // Its own form (forms cannot nest): "Start a new job" deletes the draft and its photos.
        <Form method="post" action={quotePaths.discardDraft} id="request-note" className="flex flex-col gap-3 rounded-lg border border-border bg-secondary/60 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{requestCopy.draftRestored}</p>
          <Button type="submit" variant="outline" size="sm" className="shrink-0 self-start sm:self-center">
            {requestCopy.startNew}
          </Button>
        </Form>
      ) : null}
    <Form ref={formRef} method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} onChange={onChange} className="relative flex flex-col gap-5">
      <Honeypot />
      {invited ? (
        <>
          <input type="hidden" name="invite" value={invited.slug} />
          <p id="request-invited" className="rounded-lg border border-primary/30 bg-secondary p-4 text-sm">
            {requestCopy.invited(invited.displayName)}
          </p>
        </>
      ) : null}
      {!restored && !signedIn ? (
        <p id="request-note" className="rounded-lg border border-border bg-secondary/60 p-4 text-sm">
          {requestCopy.signedOutNote}
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}

      <Field id="service" label="Service" required error={fieldErrors.service}>
        {(control) => (
          <NativeSelect {...control} name="service" required defaultValue={initial("service")} onChange={(e) => setService(e.currentTarget.value)}>
            <option value="">Choose a service</option>
            {services.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>

      <Field id="postcode" label="Postcode of the job" required hint="Only the district (like SW1) is shown to fixers until you accept a quote." error={fieldErrors.postcode}>
        {(control) => (
          <Input {...control} name="postcode" required autoComplete="postal-code" maxLength={10} className="uppercase sm:max-w-48" defaultValue={initial("postcode")} onChange={(e) => setPostcode(e.currentTarget.value)} />
        )}
      </Field>

      <div aria-live="polite" className="-mt-2 text-sm">
        {coverage.state === "checking" ? <p className="text-muted-foreground">{requestCopy.checking}</p> : null}
        {coverage.state === "covered" ? <p className="font-medium text-success">{requestCopy.covered(coverage.district, coverage.fixers)}</p> : null}
        {coverage.state === "error" && coverage.message ? <p className="text-muted-foreground">{coverage.message}</p> : null}
        {coverage.state === "uncovered" && !fieldErrors.postcode ? (
          <div className="rounded-lg border border-warning/50 bg-warning/10 p-4" data-testid="request-not-covered">
            <p>{requestCopy.notCovered(coverage.district)}</p>
            <p className="mt-2">
              <Link to={areaWaitlistPath(service, place?.postcode ?? postcode)} className="font-medium text-primary underline underline-offset-2">
                {requestCopy.waitlistInstead}
              </Link>
            </p>
          </div>
        ) : null}
      </div>

      <Field id="title" label="Job title" required hint="For example: Leaking kitchen tap" error={fieldErrors.title}>
        {(control) => <Input {...control} name="title" required maxLength={quoteLimits.title.max} defaultValue={initial("title")} />}
      </Field>

      <Field id="description" label="Describe the job" required hint={`What needs doing, what you've noticed, access or parking: ${quoteLimits.description.min} to ${formatCount(quoteLimits.description.max)} characters.`} error={fieldErrors.description}>
        {(control) => <Textarea {...control} name="description" required rows={6} maxLength={quoteLimits.description.max} defaultValue={initial("description")} />}
      </Field>

      <fieldset className="flex flex-col gap-2" aria-describedby={fieldErrors.timing ? "timing-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">
          When do you need it done? <span aria-hidden="true" className="text-destructive">*</span>
        </legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {jobTimings.map((t) => (
            <label key={t} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-input px-3 has-checked:border-primary has-checked:bg-secondary">
              <input type="radio" name="timing" value={t} defaultChecked={initial("timing") === t} onChange={() => setTiming(t)} className="size-4 accent-primary" />
              {jobTimingLabels[t]}
            </label>
          ))}
        </div>
        {fieldErrors.timing ? (
          <p id="timing-error" className="text-sm font-medium text-destructive">
            {fieldErrors.timing}
          </p>
        ) : null}
      </fieldset>

      {!hydrated || timing === "date" ? (
        <Field id="preferredDate" label="Preferred date" required={hydrated} marks={hydrated} hint={hydrated ? undefined : "Only if you chose “On a date”."} error={fieldErrors.preferredDate}>
          {(control) => <Input {...control} type="date" name="preferredDate" min={ukToday()} defaultValue={initial("preferredDate")} className="sm:max-w-56" />}
        </Field>
      ) : null}

      <Field id="budget" label="Budget" error={fieldErrors.budget}>
        {(control) => (
          <NativeSelect {...control} name="budget" defaultValue={initial("budget")}>
            <option value="">No budget in mind</option>
            {budgetBands.map((b) => (
              <option key={b} value={b}>
                {budgetBandLabels[b]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>

      {keptPhotos.length ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{requestCopy.keptPhotosLabel}</legend>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {keptPhotos.map((photo, index) => (
              <li key={photo.id} className="flex flex-col gap-2 rounded-lg border border-border p-2">
                <img src={photo.src} alt={`Photo ${index + 1} you added`} width={160} height={120} className="aspect-4/3 w-full rounded-md bg-muted object-cover" />
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="keepPhoto" value={photo.id} defaultChecked className="size-4 accent-primary" />
                  {requestCopy.keepPhoto}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      <Field id="photos" label={keptPhotos.length ? "More photos" : "Photos"} hint={requestCopy.photosHint} error={fieldErrors.photos}>
        {(control) => <Input {...control} type="file" name="photos" accept={photoAccept} multiple className="h-auto py-2" />}
      </Field>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg">
          {requestCopy.submit}
        </Button>
        {!signedIn ? <p className="text-sm text-muted-foreground">You'll sign in next; what you typed is kept.</p> : null}
      </div>
    </Form>
    </>
  );
}
