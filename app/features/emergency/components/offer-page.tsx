import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { NativeSelect } from "~/components/ui/native-select";
import { formatGBP } from "~/content/prices";
import { answeredError, answeredValue, useActionAnswer } from "~/lib/forms/use-action-answer";
import { emergencyPaths } from "~/features/emergency/copy";
import { offerCopy as copy } from "~/features/emergency/dispatch-copy";
import { OFFER_FORM } from "~/features/emergency/offer-schema";

export type OfferPageData = {
  offer: {
    id: number;
    state: string;
    serviceName: string;
    district: string;
    postcode: string | null;
    description: string;
    photos: string[];
    ratePence: number;
    firstHourNetPence: number;
    chargePercent: number;
    timeLeft: string | null;
    arrivalMinutes: number | null;
  };
  open: boolean;
  closed: string | null;
  arrivalChoices: number[];
};

/**
 * An emergency call-out offered to this fixer (decision 082): what, where (the district until they
 * accept), what they earn for the first hour, the time left, and one plain form: accept with an
 * arrival estimate, or decline. Works without JavaScript (post/redirect/get).
 */
export function OfferPage({ data }: { data: OfferPageData }) {
  const answer = useActionAnswer(OFFER_FORM);
  const { offer } = data;
  const refusal = answer?.status === "error" ? answer.message : null;
  // A refused answer (taken while the page was open) is said by the alert, and the buttons go.
  const closed = refusal ? null : data.closed;
  const arrivalError = answeredError(answer, "arrival");
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-2">
        <Link to={emergencyPaths.fixerPage} className="text-sm font-medium text-primary hover:underline">
          {copy.back}
        </Link>
        <h1 className="text-3xl font-bold">
          {copy.title}: {offer.serviceName}, {offer.district}
        </h1>
        <p className="text-muted-foreground">{copy.intro}</p>
      </div>
      <FormAlert answer={answer} />
      {offer.state === "accepted" && offer.arrivalMinutes !== null ? (
        <section aria-labelledby="accepted-title" className="rounded-xl border border-success/50 bg-success/10 p-4">
          <h2 id="accepted-title" className="text-lg font-semibold">
            {copy.acceptedTitle}
          </h2>
          <p data-testid="offer-status">{copy.accepted(offer.arrivalMinutes)}</p>
        </section>
      ) : closed ? (
        <p role="status" data-testid="offer-status" className="rounded-xl border border-border bg-muted p-4 font-semibold">
          {closed}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium text-muted-foreground">{copy.service}</dt>
        <dd>{offer.serviceName}</dd>
        <dt className="font-medium text-muted-foreground">{copy.district}</dt>
        <dd>
          {offer.postcode ?? offer.district}
          {offer.postcode ? null : <span className="block text-muted-foreground">{copy.districtNote}</span>}
        </dd>
        <dt className="font-medium text-muted-foreground">{copy.description}</dt>
        <dd className="whitespace-pre-line break-words">{offer.description}</dd>
        <dt className="font-medium text-muted-foreground">{copy.rate}</dt>
        <dd>{formatGBP(offer.ratePence)} an hour</dd>
        <dt className="font-medium text-muted-foreground">{copy.firstHour}</dt>
        <dd>
          <span className="font-semibold" data-testid="offer-earn">
            {formatGBP(offer.firstHourNetPence)}
          </span>
          <span className="block text-muted-foreground">{copy.firstHourNote(`${offer.chargePercent}%`)}</span>
        </dd>
        {offer.timeLeft ? (
          <>
            <dt className="font-medium text-muted-foreground">{copy.timeLeft}</dt>
            <dd data-testid="offer-time-left">{offer.timeLeft}</dd>
          </>
        ) : null}
      </dl>
      {offer.photos.length ? (
        <section aria-labelledby="photos-title">
          <h2 id="photos-title" className="mb-2 text-sm font-medium text-muted-foreground">
            {copy.photos}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {offer.photos.map((src, i) => (
              <li key={src}>
                <a href={src}>
                  <img src={src} alt={`Photo ${i + 1} of ${offer.photos.length}`} width={200} height={150} loading="lazy" className="aspect-[4/3] w-full rounded-md border object-cover" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.open && !refusal ? (
        <Form method="post" className="flex flex-col gap-4 rounded-xl border border-primary/30 bg-card p-4 sm:p-6">
          <Field id="offer-arrival" label={copy.arrivalLabel} required error={arrivalError}>
            {(control) => (
              <NativeSelect {...control} name="arrival" defaultValue={answeredValue(answer, "arrival") ?? ""} required>
                <option value="" disabled>
                  Choose
                </option>
                {data.arrivalChoices.map((n) => (
                  <option key={n} value={String(n)}>
                    {copy.arrivalOption(n)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" name="intent" value="accept" size="lg">
              {copy.accept}
            </Button>
            <Button type="submit" name="intent" value="decline" variant="outline" size="lg" formNoValidate>
              {copy.decline}
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
