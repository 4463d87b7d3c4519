import { Link } from "react-router";
import { emergencyEntries, gasEmergencyNumber } from "~/features/assistant/emergencies";
import { formatUkDateTime } from "~/content/dates";
import { emergencyServiceName, type EmergencyService } from "~/features/emergency/rates";
import { mentionsGas } from "~/features/emergency/gas";
import { emergencyRequestCopy as copy } from "~/features/emergency/request-copy";

export type EmergencyRequestView = {
  id: number;
  service: EmergencyService;
  postcode: string;
  description: string;
  photos: number;
  onCallAtSend: number;
  createdAt: Date | string;
};

/**
 * A sent emergency request, as its customer sees it (decision 081): received, nothing charged, and
 * the next step said as it is; no progress that has not happened. Gas first when it mentions gas.
 */
export function EmergencyRequestPageView({ request }: { request: EmergencyRequestView }) {
  const gas = mentionsGas(request.description);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14">
      {gas ? (
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
            {emergencyEntries.gas.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ) : null}
      <h1 className="text-3xl font-bold">{copy.page.title}</h1>
      <div className="flex flex-col gap-2 rounded-lg border border-primary/30 bg-secondary p-4">
        <p className="font-semibold" data-testid="emergency-status">
          {copy.page.status}: {copy.page.received}
        </p>
        <p data-testid="emergency-next">{copy.page.next}</p>
        <p className="font-medium">{copy.page.nothingCharged}</p>
        <p className="text-sm text-muted-foreground">{copy.page.onCallAtSend(request.onCallAtSend)}</p>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-muted-foreground">{copy.page.service}</dt>
        <dd>{emergencyServiceName(request.service)}</dd>
        <dt className="font-medium text-muted-foreground">{copy.page.postcode}</dt>
        <dd>{request.postcode}</dd>
        <dt className="font-medium text-muted-foreground">{copy.page.sent}</dt>
        <dd>{formatUkDateTime(new Date(request.createdAt))}</dd>
        <dt className="font-medium text-muted-foreground">{copy.page.description}</dt>
        <dd className="whitespace-pre-line break-words">{request.description}</dd>
        {request.photos ? (
          <>
            <dt className="font-medium text-muted-foreground">Photos</dt>
            <dd>{copy.page.photos(request.photos)}</dd>
          </>
        ) : null}
      </dl>
      <p className="text-sm">
        <Link to="/account" className="font-medium text-primary underline underline-offset-2">
          Back to your account
        </Link>
      </p>
    </div>
  );
}
