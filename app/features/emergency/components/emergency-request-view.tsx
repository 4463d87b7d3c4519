import { useEffect } from "react";
import { Form, Link, useRevalidator, useRouteLoaderData } from "react-router";
import { subscribeLive } from "~/features/live/live-client";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useActionAnswer } from "~/lib/forms/use-action-answer";
import { requestStatusCopy as statusCopy } from "~/features/emergency/dispatch-copy";
import { emergencyEntries, gasEmergencyNumber } from "~/features/assistant/emergencies";
import { formatUkDateTime } from "~/content/dates";
import { formatGBP } from "~/content/prices";
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

export type EmergencyDispatchView = {
  status: string;
  round: number;
  openOffers: number;
  fixerFirstName: string | null;
  arrivalMinutes: number | null;
  /** The accepted call-out's booking: where to pay it, or to follow it once paid. */
  callOut: { href: string; toPay: boolean; totalPence: number } | null;
};
export type EmergencyTimelineLine = { at: string; line: string };

/**
 * A sent emergency request, as its customer sees it (decisions 081, 082): where dispatch truly stands
 * (offering, accepted by whom and when they can arrive, no fixer could take it, cancelled), that
 * nothing has been charged, and its timeline. Gas first when it mentions gas.
 */
export function EmergencyRequestPageView({ request, dispatch, timeline }: { request: EmergencyRequestView; dispatch: EmergencyDispatchView | null; timeline: EmergencyTimelineLine[] }) {
  const gas = mentionsGas(request.description);
  const cancelAnswer = useActionAnswer("emergency-cancel");
  useRefreshWhileOpen(dispatch?.status === "open");
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
      <FormAlert answer={cancelAnswer} />
      <StatusPanel request={request} dispatch={dispatch} />
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
      {timeline.length ? (
        <section aria-labelledby="timeline-title" className="flex flex-col gap-2">
          <h2 id="timeline-title" className="text-lg font-semibold">
            {statusCopy.timeline}
          </h2>
          <ol className="flex flex-col gap-1 text-sm" data-testid="emergency-timeline">
            {timeline.map((item, i) => (
              <li key={i} className="flex flex-col sm:flex-row sm:gap-3">
                <time dateTime={item.at} className="shrink-0 text-muted-foreground tabular-nums">
                  {formatUkDateTime(new Date(item.at))}
                </time>
                <span>{item.line}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <p className="text-sm">
        <Link to="/account" className="font-medium text-primary underline underline-offset-2">
          Back to your account
        </Link>
      </p>
    </div>
  );
}

function StatusPanel({ request, dispatch }: { request: EmergencyRequestView; dispatch: EmergencyDispatchView | null }) {
  const status = dispatch?.status ?? "open";
  const headline =
    status === "accepted" && dispatch?.fixerFirstName && dispatch.arrivalMinutes !== null
      ? statusCopy.accepted(dispatch.fixerFirstName, dispatch.arrivalMinutes)
      : status === "unanswered"
        ? statusCopy.unanswered
        : status === "cancelled"
          ? statusCopy.cancelled
          : dispatch && dispatch.openOffers > 0
            ? statusCopy.offering(dispatch.openOffers)
            : dispatch && dispatch.round > 0
              ? statusCopy.offeringNext
              : copy.page.received;
  const tone = status === "accepted" ? "border-success/50 bg-success/10" : status === "unanswered" || status === "cancelled" ? "border-border bg-muted" : "border-primary/30 bg-secondary";
  return (
    <div className={`flex flex-col gap-2 rounded-lg border p-4 ${tone}`}>
      <p className="font-semibold" data-testid="emergency-status" role="status">
        {copy.page.status}: {headline}
      </p>
      {status === "open" ? (
        <>
          {dispatch && dispatch.round > 0 ? <p data-testid="emergency-next">{statusCopy.roundNote(dispatch.round)}</p> : <p data-testid="emergency-next">{copy.page.next}</p>}
          <p className="font-medium">{copy.page.nothingCharged}</p>
          <p className="text-sm text-muted-foreground">{copy.page.onCallAtSend(request.onCallAtSend)}</p>
          <Form method="post" className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="outline">
              {statusCopy.cancel}
            </Button>
            <span className="text-sm text-muted-foreground">{statusCopy.cancelNote}</span>
          </Form>
        </>
      ) : status === "accepted" ? (
        dispatch?.callOut?.toPay ? (
          <>
            <p data-testid="emergency-next">{statusCopy.acceptedNote}</p>
            <Button asChild className="self-start">
              <Link to={dispatch.callOut.href}>
                {statusCopy.payCallOut}: {formatGBP(dispatch.callOut.totalPence)}
              </Link>
            </Button>
          </>
        ) : dispatch?.callOut ? (
          <Button asChild variant="outline" className="self-start">
            <Link to={dispatch.callOut.href}>{statusCopy.openBooking}</Link>
          </Button>
        ) : (
          <p data-testid="emergency-next">{statusCopy.acceptedNote}</p>
        )
      ) : status === "unanswered" ? (
        <>
          <p data-testid="emergency-next">{statusCopy.unansweredNote}</p>
          {/* The normal job form, filled in with this request (decision 081's "Post it as a normal job instead"). */}
          <form method="post" action={copy.postAsJobPath} encType="multipart/form-data" className="mt-2">
            <input type="hidden" name="intent" value="job" />
            <input type="hidden" name="service" value={request.service} />
            <input type="hidden" name="postcode" value={request.postcode} />
            <input type="hidden" name="description" value={request.description} />
            <Button type="submit">{statusCopy.postAsJob}</Button>
          </form>
        </>
      ) : (
        <p data-testid="emergency-next">{statusCopy.cancelledNote}</p>
      )}
    </div>
  );
}

/**
 * While the request is open, the page reads itself again when the customer's notifications change
 * (a fixer accepted, or nobody could take it: each notifies them): the live channel's count, on the
 * tab's one stream (decision 048). The count the page was rendered with (the header's, from the root
 * loader) is the one to differ from; the stream also reports it once when it opens.
 */
function useRefreshWhileOpen(open: boolean) {
  const revalidator = useRevalidator();
  const rendered = (useRouteLoaderData("root") as { unreadNotifications?: number } | undefined)?.unreadNotifications ?? null;
  useEffect(() => {
    if (!open) return undefined;
    let seen: number | null = rendered;
    return subscribeLive({
      onNotifications: (count) => {
        if (seen !== null && count !== seen) void revalidator.revalidate();
        seen = count;
      },
    });
    // The revalidator's identity changes with each render; the subscription belongs to the open state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
