import { CircleCheck, MapPin } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { coverageCopy } from "~/content/coverage";
import type { ServiceSlug } from "~/content/services";
import { areaWaitlistPath, fetchCoverage, requestPathForPlace } from "~/features/quotes/coverage-answer";
import { checkFromCoverage, readPostcode, type PostcodeCheck } from "./postcode-check";

type PostcodeCheckFormProps = {
  service: ServiceSlug;
  serviceName: string;
  /** The page's own address: the form also works without JavaScript, as a GET to it. */
  action: string;
  /** What the server answered for ?postcode=… (null when none was asked). */
  initial: { input: string; result: PostcodeCheck | null };
};

/**
 * "Do you cover my postcode?" on each service page: the one coverage answer (approved fixers who
 * offer this service there, decision 043). Without JavaScript it is a GET form answered by the
 * page's loader; with JavaScript the browser asks GET /request/coverage and shows the answer in place.
 */
export function PostcodeCheckForm({ service, serviceName, action, initial }: PostcodeCheckFormProps) {
  const [result, setResult] = useState(initial.result);
  const [checking, setChecking] = useState(false);
  const id = useId();
  const error = result?.status === "invalid" ? result.message : null;

  return (
    <section id="postcode-check" aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-h3 font-semibold">
        <MapPin aria-hidden="true" className="size-6 shrink-0 text-primary" />
        Do we cover your area?
      </h2>
      <p className="mt-2 text-muted-foreground">
        Check whether an approved FixiT {serviceName.toLowerCase()} fixer covers your postcode. If none does yet, you can still post your job: we keep it until one does.
      </p>
      <form
        method="get"
        action={`${action}#postcode-check`}
        noValidate
        className="mt-5 flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          // Read from the field, not from state: the form hydrates after the page (a deferred chunk),
          // and what was typed before that is in the field only.
          const value = String(new FormData(event.currentTarget).get("postcode") ?? "");
          const read = readPostcode(value);
          if (!read.ok) return setResult(read.check);
          setChecking(true);
          void fetchCoverage(service, read.postcode)
            .then((answer) => {
              setResult("error" in answer ? { status: "invalid", input: value, message: answer.error } : checkFromCoverage(answer));
              const url = new URL(window.location.href);
              url.searchParams.set("postcode", value.trim());
              window.history.replaceState(window.history.state, "", url);
            })
            .finally(() => setChecking(false));
        }}
      >
        <label htmlFor={`${id}-postcode`} className="font-medium">
          {coverageCopy.checkLabel}
        </label>
        <div className="flex max-w-md gap-2">
          <Input
            id={`${id}-postcode`}
            name="postcode"
            defaultValue={initial.input}
            autoComplete="postal-code"
            autoCapitalize="characters"
            maxLength={10}
            placeholder="SW1A 1AA"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          />
          <Button type="submit" loading={checking} disabled={checking}>
            Check
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-small text-muted-foreground">
          {coverageCopy.checkHint}
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-small font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </form>
      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {result?.status === "covered" ? (
          <div className="flex gap-2 rounded-lg bg-success/10 p-4 text-body" data-testid="postcode-result">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            <div>
              <p>
                <strong>Good news: we cover {result.postcode}.</strong>{" "}
                {result.fixers === 1 ? "1 approved FixiT fixer offers" : `${result.fixers} approved FixiT fixers offer`} {serviceName.toLowerCase()} in {result.district}.
              </p>
              <Button asChild className="mt-3">
                <Link to={requestPathForPlace(service, result.postcode)}>Post your job</Link>
              </Button>
            </div>
          </div>
        ) : result?.status === "not-yet" ? (
          <div className="rounded-lg bg-muted p-4 text-body" data-testid="postcode-result">
            <p>
              <strong>Not yet: no FixiT {serviceName.toLowerCase()} fixer covers {result.postcode} yet.</strong> You can still post your job: we keep it,
              waiting for a fixer, and email you as soon as one starts covering {result.district}.
            </p>
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
              <Button asChild>
                <Link to={requestPathForPlace(service, result.postcode)}>Post your job anyway</Link>
              </Button>
              <Link to={areaWaitlistPath(service, result.postcode)} className="font-semibold text-primary underline underline-offset-2">
                Join the waitlist for {result.district}
              </Link>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
