import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { formatGBPAs } from "~/content/money";
import { formatPriceRange } from "~/content/service-prices";
import { Section } from "~/features/quotes/components/fixer-views";
import { quotePaths } from "~/features/quotes/paths";
import { answeredError, answeredValue, useActionAnswer } from "~/lib/forms/use-action-answer";
import { emergencyCopy } from "~/features/emergency/copy";
import { minuteText, weekdayName, type WeeklySpan } from "~/features/emergency/on-call-time";
import { emergencyServiceName, type EmergencyService } from "~/features/emergency/rates";
import { endField, startField, weekdayFields } from "~/features/emergency/schemas";

/** /fixer/emergency: plain forms (post/redirect/get), so it works before or without the page's script. */

type ServiceRow = { service: EmergencyService; name: string; ratePence: number | null; minPence: number; maxPence: number };
export type OnCallPageData = {
  services: ServiceRow[];
  notOffered: EmergencyService[];
  spans: WeeklySpan[];
  status: { onCall: boolean; overridden: boolean };
  sentence: string;
  optedIn: boolean;
};

export function OnCallPage({ page }: { page: OnCallPageData }) {
  const pageAnswer = useActionAnswer("emergency");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-2">
        <Link to={quotePaths.fixerDashboard} className="text-sm font-medium text-primary hover:underline">
          ← Your dashboard
        </Link>
        <h1 className="text-3xl font-bold">{emergencyCopy.title}</h1>
        <p className="text-muted-foreground">{emergencyCopy.intro}</p>
      </div>
      <FormAlert answer={pageAnswer} />
      <NowPanel page={page} />
      <Section id="services" title={emergencyCopy.servicesTitle} intro={emergencyCopy.servicesIntro}>
        {page.services.length === 0 ? (
          <p className="text-sm">
            {emergencyCopy.noServices}{" "}
            <Link to={`${quotePaths.fixerDashboard}#coverage`} className="font-medium text-primary underline underline-offset-4">
              Services you offer
            </Link>
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {page.services.map((row) => (
              <li key={row.service}>
                <ServiceForm row={row} />
              </li>
            ))}
          </ul>
        )}
        {page.services.length > 0 && page.notOffered.length > 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">{emergencyCopy.notOffered(page.notOffered.map(emergencyServiceName).join(", "))}</p>
        ) : null}
      </Section>
      <Section id="hours" title={emergencyCopy.hoursTitle} intro={emergencyCopy.hoursIntro}>
        <HoursForm spans={page.spans} />
      </Section>
    </div>
  );
}

function NowPanel({ page }: { page: OnCallPageData }) {
  const answer = useActionAnswer("now");
  return (
    <section aria-labelledby="now-title" className={`rounded-xl border p-4 sm:p-6 ${page.status.onCall ? "border-success/50 bg-success/10" : "border-border bg-card"}`}>
      <h2 id="now-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {emergencyCopy.nowTitle}
      </h2>
      <p role="status" data-testid="on-call-status" className="mt-1 text-xl font-semibold">
        {page.sentence}
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-3">
        <FormAlert answer={answer} />
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button type="submit" name="intent" value="on-call-now" disabled={!page.optedIn} variant={page.status.onCall ? "outline" : "default"}>
            {emergencyCopy.onCallNow}
          </Button>
          <Button type="submit" name="intent" value="off-now" variant={page.status.onCall ? "default" : "outline"}>
            {emergencyCopy.offNow}
          </Button>
          {page.status.overridden ? (
            <Button type="submit" name="intent" value="follow-hours" variant="ghost">
              {emergencyCopy.followHours}
            </Button>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">{page.optedIn ? emergencyCopy.nowHint : emergencyCopy.needService}</p>
      </Form>
    </section>
  );
}

function ServiceForm({ row }: { row: ServiceRow }) {
  const formName = `service-${row.service}`;
  const answer = useActionAnswer(formName);
  const sentTake = answer && "values" in answer && answer.values ? answer.values.takeCalls === "on" : null;
  const rateId = `rate-${row.service}`;
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-lg border border-border p-4" noValidate>
      <input type="hidden" name="intent" value="service" />
      <input type="hidden" name="service" value={row.service} />
      <FormAlert answer={answer} />
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input type="checkbox" name="takeCalls" defaultChecked={sentTake ?? row.ratePence !== null} className="size-5 accent-primary" />
        {emergencyCopy.takeCalls(row.name)}
      </label>
      <Field id={rateId} marks={false} label={emergencyCopy.rateLabel(row.name)} hint={`Published range: ${formatPriceRange(row)} an hour.`} error={answeredError(answer, "rate")}>
        {(control) => (
          <Input
            {...control}
            name="rate"
            inputMode="decimal"
            autoComplete="off"
            className="sm:max-w-40"
            defaultValue={answeredValue(answer, "rate") ?? (row.ratePence !== null ? formatGBPAs(row.ratePence, "field") : "")}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" className="self-start">
        {emergencyCopy.saveService(row.name)}
      </Button>
    </Form>
  );
}

function HoursForm({ spans }: { spans: WeeklySpan[] }) {
  const answer = useActionAnswer("hours");
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="hours" />
      <FormAlert answer={answer} />
      <ul className="flex flex-col divide-y divide-border">
        {weekdayFields.map((day, i) => {
          const span = spans.find((s) => s.weekday === i + 1);
          const name = weekdayName(i + 1);
          const [start, end] = [startField(day), endField(day)];
          return (
            <li key={day}>
              <fieldset className="py-3">
                <legend className="text-sm font-semibold">{name}</legend>
                <div className="mt-2 grid grid-cols-2 gap-3 sm:max-w-md">
                <Field id={start} marks={false} label="From" error={answeredError(answer, start)}>
                  {(control) => <Input {...control} type="time" name={start} defaultValue={answeredValue(answer, start) ?? (span ? minuteText(span.startMinute) : "")} />}
                </Field>
                <Field id={end} marks={false} label="Until" error={answeredError(answer, end)}>
                  {(control) => <Input {...control} type="time" name={end} defaultValue={answeredValue(answer, end) ?? (span ? minuteText(span.endMinute) : "")} />}
                </Field>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button type="submit" className="self-start">
        {emergencyCopy.saveHours}
      </Button>
    </Form>
  );
}
