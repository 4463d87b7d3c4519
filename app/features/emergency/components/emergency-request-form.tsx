import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { formatCount } from "~/content/format";
import { emergencyEntries, gasEmergencyNumber } from "~/features/assistant/emergencies";
import { photoAccept, photoMaxBytes } from "~/lib/photos/limits";
import { parseJobPostcode } from "~/features/quotes/postcodes";
import { useForm } from "~/lib/forms/use-form";
import type { FieldErrors } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import { mentionsGas } from "~/features/emergency/gas";
import type { OnCallAnswer } from "~/features/emergency/request-answer";
import { emergencyRequestCopy as copy } from "~/features/emergency/request-copy";
import { emergencyRequestLimits } from "~/features/emergency/request-fields";

type Result = FormResult<{ answer?: OnCallAnswer | null }>;
export type EmergencyDefaults = Record<"service" | "postcode" | "description", string>;
export type KeptPhoto = { id: string; src: string };

const keyOf = (service: string, postcode: string) => {
  const place = parseJobPostcode(postcode);
  return service && place ? `${service} ${place.postcode}` : "";
};

function checkPhotos(form: HTMLFormElement): FieldErrors {
  const input = form.elements.namedItem("photos") as HTMLInputElement | null;
  const files = [...(input?.files ?? [])];
  const kept = form.querySelectorAll('input[name="keepPhoto"]:checked').length;
  if (files.length + kept > emergencyRequestLimits.photos) return { photos: `Add at most ${emergencyRequestLimits.photos} photos.` };
  const big = files.find((f) => f.size > photoMaxBytes);
  return big ? { photos: `${big.name} is over 10 MB. Add photos of 10 MB or smaller.` } : {};
}

/** The gas emergency number first, with the assistant's steps (its safety rule). */
function GasWarning() {
  const gas = emergencyEntries.gas;
  return (
    <section role="alert" aria-labelledby="gas-warning-title" data-testid="gas-warning" className="rounded-lg border-2 border-destructive bg-destructive/5 p-4">
      <h2 id="gas-warning-title" className="text-lg font-bold text-destructive">
        {copy.gasTitle}
      </h2>
      <p className="mt-2">
        <a href={gasEmergencyNumber.href} className="inline-flex min-h-11 items-center rounded-md bg-destructive px-4 font-semibold text-destructive-foreground">
          Call {gasEmergencyNumber.display}
        </a>
      </p>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
        {gas.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

/** "Before you send": the rate range, who is on call now, what is paid up front, or that nobody is. */
function OnCallSummary({ answer }: { answer: OnCallAnswer }) {
  const nobody = answer.onCall === 0;
  return (
    <div data-testid="on-call-summary" className={`flex flex-col gap-2 rounded-lg border p-4 text-sm ${nobody ? "border-warning/60 bg-warning/10" : "border-primary/30 bg-secondary"}`}>
      <h2 className="text-base font-semibold">{copy.summaryTitle}</h2>
      {nobody ? (
        <>
          <p className="font-medium" data-testid="on-call-none">
            {copy.nobody(answer.serviceName, answer.district)}
          </p>
          <p>{copy.rateRange(answer.serviceName, answer.rateRange)}</p>
          <Button type="submit" name="intent" value="job" formNoValidate variant="default" className="self-start">
            {copy.postAsJob}
          </Button>
        </>
      ) : (
        <>
          <p className="font-semibold" data-testid="on-call-count">
            {copy.onCall(answer.onCall, answer.district)}
          </p>
          <p>{copy.rateRange(answer.serviceName, answer.rateRange)}</p>
          <p className="font-medium" data-testid="up-front">
            {copy.upFront(answer.upFrontText, answer.feePercent)}
          </p>
          <p className="text-muted-foreground">{copy.upFrontWhen}</p>
        </>
      )}
    </div>
  );
}

/**
 * /emergency's page (decision 081): a plain multipart POST that works without JavaScript ("Check who
 * is on call" asks the server); with JavaScript the answer comes as the service and postcode are
 * filled in, and a description that mentions gas shows the gas number first as it is typed.
 */
export function EmergencyRequestPage({
  defaults,
  serviceOptions,
  answer: loaded,
  signedIn,
  restored,
  keptPhotos,
}: {
  defaults: EmergencyDefaults;
  /** Plumbing, electrical, handyman with their names (from the loader: the page loads no service tables). */
  serviceOptions: { slug: string; name: string }[];
  answer: OnCallAnswer | null;
  signedIn: boolean;
  restored: boolean;
  keptPhotos: KeptPhoto[];
}) {
  const { fieldErrors, values, result, formRef, onSubmit, onChange } = useForm<Result>({
    form: "emergency-request",
    schema: () => import("~/features/emergency/request-schema").then((m) => m.emergencyRequestFormSchema),
    parse: { multiLine: ["description"] },
    validate: checkPhotos,
    revalidateOnChange: true,
  });
  const initial = (name: keyof EmergencyDefaults) => (typeof values[name] === "string" ? (values[name] as string) : defaults[name]);
  const [service, setService] = useState(initial("service"));
  const [postcode, setPostcode] = useState(initial("postcode"));
  const [description, setDescription] = useState(initial("description"));
  const [fetched, setFetched] = useState<{ key: string; answer: OnCallAnswer | null; checking: boolean; error?: string }>({ key: "", answer: null, checking: false });
  const key = keyOf(service, postcode);
  const served = result && "answer" in result ? result.answer : loaded;
  const answer = fetched.key === key && fetched.answer ? fetched.answer : served && keyOf(served.service, served.postcode) === key ? served : null;

  // What was chosen or typed before the page's script ran (it starts on the first interaction, decision 041) is the browser's: read it once.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const value = (name: string) => {
      const field = form.elements.namedItem(name);
      return field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement ? field.value : null;
    };
    const [s, p, d] = [value("service"), value("postcode"), value("description")];
    if (s !== null) setService(s);
    if (p !== null) setPostcode(p);
    if (d !== null) setDescription(d);
  }, [formRef]);

  useEffect(() => {
    const place = parseJobPostcode(postcode);
    if (!service || !place) return;
    const key = `${service} ${place.postcode}`;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setFetched({ key, answer: null, checking: true });
      fetch(`/emergency/on-call?${new URLSearchParams({ service, postcode: place.postcode })}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then(async (res) => {
          const body = (await res.json()) as OnCallAnswer | { error: string };
          setFetched("error" in body ? { key, answer: null, checking: false, error: body.error } : { key, answer: body, checking: false });
        })
        .catch(() => undefined);
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [service, postcode]);

  const formError = result && result.status === "error" ? result.message : fieldErrors.form;
  const nobody = answer?.onCall === 0;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div aria-live="polite">{mentionsGas(description) ? <GasWarning /> : null}</div>
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">{copy.title}</h1>
        <p className="text-muted-foreground">{copy.intro}</p>
      </div>
      {restored ? <p className="rounded-lg border border-border bg-secondary/60 p-4 text-sm">{copy.draftRestored}</p> : null}
      {!restored && !signedIn ? <p className="rounded-lg border border-border bg-secondary/60 p-4 text-sm">{copy.signedOutNote}</p> : null}
      {formError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      <Form ref={formRef} method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-5">
        <Honeypot />
        <Field id="service" label={copy.serviceLabel} required error={fieldErrors.service}>
          {(control) => (
            <NativeSelect {...control} name="service" required defaultValue={initial("service")} onChange={(e) => setService(e.currentTarget.value)}>
              <option value="">{copy.servicePlaceholder}</option>
              {serviceOptions.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id="postcode" label={copy.postcodeLabel} required hint={copy.postcodeHint} error={fieldErrors.postcode}>
          {(control) => (
            <Input {...control} name="postcode" required autoComplete="postal-code" maxLength={10} className="uppercase sm:max-w-48" defaultValue={initial("postcode")} onChange={(e) => setPostcode(e.currentTarget.value)} />
          )}
        </Field>
        <div aria-live="polite" className="flex flex-col gap-3">
          {answer ? <OnCallSummary answer={answer} /> : fetched.key === key && fetched.checking ? <p className="text-sm text-muted-foreground">{copy.checking}</p> : null}
          {!answer && fetched.key === key && fetched.error ? <p className="text-sm text-muted-foreground">{fetched.error}</p> : null}
          {!answer ? (
            <Button type="submit" name="intent" value="check" formNoValidate variant="outline" className="self-start">
              {copy.check}
            </Button>
          ) : null}
        </div>
        <Field id="description" label={copy.descriptionLabel} required hint={copy.descriptionHint(emergencyRequestLimits.description.min, formatCount(emergencyRequestLimits.description.max))} error={fieldErrors.description}>
          {(control) => (
            <Textarea {...control} name="description" required rows={5} maxLength={emergencyRequestLimits.description.max} defaultValue={initial("description")} onChange={(e) => setDescription(e.currentTarget.value)} />
          )}
        </Field>
        {keptPhotos.length ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Photos you added</legend>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {keptPhotos.map((photo, index) => (
                <li key={photo.id} className="flex flex-col gap-2 rounded-lg border border-border p-2">
                  <img src={photo.src} alt={`Photo ${index + 1} you added`} width={160} height={120} className="aspect-4/3 w-full rounded-md bg-muted object-cover" />
                  <label className="flex min-h-11 items-center gap-2 text-sm">
                    <input type="checkbox" name="keepPhoto" value={photo.id} defaultChecked className="size-4 accent-primary" />
                    Keep this photo
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <Field id="photos" label={keptPhotos.length ? "More photos" : "Photos"} hint={copy.photosHint} error={fieldErrors.photos}>
          {(control) => <Input {...control} type="file" name="photos" accept={photoAccept} multiple className="h-auto py-2" />}
        </Field>
        {nobody ? null : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" name="intent" value="send" size="lg">
              {copy.submit}
            </Button>
            {!signedIn ? <p className="text-sm text-muted-foreground">{copy.signInNext}</p> : null}
          </div>
        )}
      </Form>
    </div>
  );
}
