import { CircleCheck, MapPin } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { coverageCopy, coveredCityList } from "~/content/coverage";
import { checkPostcode, type PostcodeCheck } from "./postcode-check";

type PostcodeCheckFormProps = {
  serviceName: string;
  /** The page's own address: the form also works without JavaScript, as a GET to it. */
  action: string;
  /** What the server answered for ?postcode=… (null when none was asked). */
  initial: { input: string; result: PostcodeCheck | null };
};

/**
 * "Do you cover my postcode?" on each service page. Without JavaScript it is a GET form answered by
 * the page's loader; with JavaScript it answers at once in the browser, from the same content.
 */
export function PostcodeCheckForm({ serviceName, action, initial }: PostcodeCheckFormProps) {
  const [result, setResult] = useState(initial.result);
  const id = useId();
  const error = result?.status === "invalid" ? result.message : null;

  return (
    <section id="postcode-check" aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-h3 font-semibold">
        <MapPin aria-hidden="true" className="size-6 shrink-0 text-primary" />
        Do we cover your area?
      </h2>
      <p className="mt-2 text-muted-foreground">
        {serviceName} professionals work in {coveredCityList()} today. Check your postcode.
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
          const check = checkPostcode(value);
          setResult(check);
          const url = new URL(window.location.href);
          url.searchParams.set("postcode", value.trim());
          window.history.replaceState(window.history.state, "", url);
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
          <Button type="submit">Check</Button>
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
          <p className="flex gap-2 rounded-lg bg-success/10 p-4 text-body" data-testid="postcode-result">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            <span>
              <strong>Good news: we cover {result.postcode}.</strong> It is in our {result.area.region} area, where FixiT {serviceName.toLowerCase()}{" "}
              professionals take bookings.
            </span>
          </p>
        ) : result?.status === "not-yet" ? (
          <p className="rounded-lg bg-muted p-4 text-body" data-testid="postcode-result">
            <strong>Not yet: we don&apos;t cover {result.postcode} yet.</strong> {coverageCopy.elsewhere}{" "}
            <Link to="/early-access" className="font-semibold text-primary underline underline-offset-2">
              Join early access
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
