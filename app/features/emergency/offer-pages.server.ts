import { data } from "react-router";
import { requireUser, type AuthContext } from "~/features/auth/guard.server";
import { fees } from "~/content/prices";
import { bookingPaths } from "~/features/bookings/paths";
import { fixerShare } from "~/features/bookings/pricing";
import { badRequestAnswer, invalidAnswer, redirectWithFlash, refusalAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { parseSubmission } from "~/lib/forms/parse";
import { parseId } from "~/lib/ids";
import { acceptOffer, declineOffer, offerFor } from "./dispatch.server";
import { dispatchPaths, offerCopy } from "./dispatch-copy";
import { arrivalChoices, timeLeftText } from "./dispatch-plan";
import { OFFER_FORM, offerAnswerSchema } from "./offer-schema";
import { emergencyServiceName, isEmergencyService } from "./rates";

/**
 * /fixer/emergency/offers/:offerId on the server (decision 082): the offered fixer only (anyone else's
 * or no such offer: 404; not an approved fixer: 403); accept with an arrival estimate or decline.
 */
const noStore = { "cache-control": "private, no-store" };

async function fixerOf(request: Request, context: AuthContext) {
  const user = await requireUser(request, context);
  if (!user.approvedFixer) throw data(offerCopy.refused.notFixer, { status: 403, headers: noStore });
  return user;
}

export async function offerPageLoader({ request, context, params }: { request: Request; context: AuthContext; params: { offerId?: string } }) {
  const user = await fixerOf(request, context);
  const id = parseId(params.offerId);
  const offer = id === null ? null : await offerFor(context.services.db, user.id, id);
  if (!offer || !isEmergencyService(offer.service)) throw data(offerCopy.refused.notFound, { status: 404, headers: noStore });
  const now = new Date();
  const open = offer.state === "offered" && offer.requestStatus === "open" && offer.expiresAt.getTime() > now.getTime();
  // Why it is closed, as the action's 409 says it.
  const closed = open
    ? null
    : offer.state === "accepted"
      ? null
      : offer.requestStatus === "accepted" || offer.state === "taken"
        ? offerCopy.taken
        : offer.requestStatus === "cancelled"
          ? offerCopy.cancelled
          : offer.state === "declined"
            ? offerCopy.declined
            : offerCopy.expired;
  return data(
    {
      offer: {
        id: offer.id,
        state: offer.state,
        serviceName: emergencyServiceName(offer.service),
        district: offer.district,
        postcode: offer.postcode,
        description: offer.description,
        photos: Array.from({ length: offer.photos }, (_, i) => dispatchPaths.requestPhoto(offer.requestId, i + 1)),
        ratePence: offer.ratePence,
        firstHourNetPence: fixerShare(offer.ratePence).fixerNetPence,
        chargePercent: fees.fixerServiceChargePercent,
        timeLeft: open ? timeLeftText(offer.expiresAt, now) : null,
        expiresAt: offer.expiresAt.toISOString(),
        arrivalMinutes: offer.arrivalMinutes,
      },
      open,
      closed,
      arrivalChoices: [...arrivalChoices],
    },
    { headers: noStore },
  );
}

export async function offerPageAction({ request, context, params }: { request: Request; context: AuthContext; params: { offerId?: string } }) {
  const user = await fixerOf(request, context);
  const id = parseId(params.offerId);
  if (id === null) throw data(offerCopy.refused.notFound, { status: 404, headers: noStore });
  const form = await readTextForm(request);
  if (!form) return badRequestAnswer(OFFER_FORM, { title: offerCopy.refused.badRequest.title, message: offerCopy.refused.badRequest.text });
  const parsed = parseSubmission(offerAnswerSchema, form, { fields: ["intent", "arrival"] });
  if (!parsed.ok) {
    if (parsed.fieldErrors.intent) return badRequestAnswer(OFFER_FORM, { title: offerCopy.refused.badRequest.title, message: offerCopy.refused.badRequest.text });
    return invalidAnswer(OFFER_FORM, parsed, { title: offerCopy.refused.badRequest.title, message: offerCopy.refused.arrival });
  }
  const deps = { db: context.services.db, publicUrl: context.services.config.publicUrl };
  try {
    if (parsed.data.intent === "accept") {
      const { bookingId } = await acceptOffer(deps, { fixerUserId: user.id, offerId: id, arrivalMinutes: parsed.data.arrivalMinutes });
      // To the call-out's booking: it says to wait for the customer's payment before setting off.
      return redirectWithFlash(context, bookingPaths.fixer(bookingId), { kind: "success", ...offerCopy.flash.accepted(parsed.data.arrivalMinutes) });
    }
    await declineOffer(deps, { fixerUserId: user.id, offerId: id });
    return redirectWithFlash(context, dispatchPaths.offer(id), { kind: "success", ...offerCopy.flash.declined });
  } catch (error) {
    return refusalAnswer(OFFER_FORM, error);
  }
}
