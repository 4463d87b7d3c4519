import { data } from "react-router";
import { requireUser, type AuthContext } from "~/features/auth/guard.server";
import { badRequestAnswer, redirectWithFlash, refusalAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { callOutBookingOf } from "~/features/bookings/emergency-booking.server";
import { bookingPaths } from "~/features/bookings/paths";
import { parseId } from "~/lib/ids";
import { cancelRequest, dispatchStateOf, timelineOf } from "./dispatch.server";
import { requestStatusCopy, timelineLine } from "./dispatch-copy";
import { emergencyRequestPaths } from "./request-copy";
import { emergencyRequestFor } from "./requests.server";

/**
 * /account/emergencies/:requestId on the server: the customer's own request only (anyone else's id
 * 404, as one that does not exist), where dispatch stands and its timeline (decision 082), and
 * "Cancel this request" while it is open.
 */
const noStore = { "cache-control": "private, no-store" };
export const CANCEL_FORM = "emergency-cancel";
const notFound = () => data("There is no such emergency request on your account.", { status: 404, headers: noStore });

export async function requestPageLoader({ request, context, params }: { request: Request; context: AuthContext; params: { requestId?: string } }) {
  const user = await requireUser(request, context);
  const id = parseId(params.requestId);
  const found = id === null ? null : await emergencyRequestFor(context.services.db, user.id, id);
  if (!found) throw notFound();
  const [state, timeline, booking] = await Promise.all([dispatchStateOf(context.services.db, found.id), timelineOf(context.services.db, found.id), callOutBookingOf(context.services.db, found.id)]);
  const lines = timeline.flatMap((event) => {
    // The customer sees who accepted by first name only.
    const line = timelineLine(event.kind === "accepted" ? { ...event, fixerName: state?.fixerFirstName ?? null } : event, "customer");
    return line ? [{ at: event.at, line }] : [];
  });
  const callOut = booking ? { href: bookingPaths.customer(booking.id), toPay: booking.state === "pending_payment", totalPence: booking.totalPence } : null;
  return data({ request: found, dispatch: state ? { status: state.status, round: state.round, openOffers: state.openOffers, fixerFirstName: state.fixerFirstName, arrivalMinutes: state.arrivalMinutes, callOut } : null, timeline: lines }, { headers: noStore });
}

export async function requestPageAction({ request, context, params }: { request: Request; context: AuthContext; params: { requestId?: string } }) {
  const user = await requireUser(request, context);
  const id = parseId(params.requestId);
  if (id === null) throw notFound();
  const form = await readTextForm(request);
  if (!form || form.get("intent") !== "cancel") return badRequestAnswer(CANCEL_FORM, { title: "The form could not be read", message: "Reload the page and try again." });
  try {
    await cancelRequest(context.services.db, { customerUserId: user.id, requestId: id });
  } catch (error) {
    return refusalAnswer(CANCEL_FORM, error);
  }
  return redirectWithFlash(context, emergencyRequestPaths.request(id), { kind: "success", ...requestStatusCopy.cancelledFlash });
}
