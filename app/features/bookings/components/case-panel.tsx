import { PhotoThumbnails } from "~/components/photos";
import { formatUkDateTime } from "~/content/dates";
import { caseAnswerHours } from "~/content/prices";
import { bookingPaths } from "~/features/bookings/paths";

/** A case as both pages and staff show it (decision 064): the claim, the answer, each side's photos and how it ended. */
export type CaseView = {
  kind: "no_show" | "late_cancel";
  claim: string | null;
  answer: string | null;
  answerDueAt: string;
  outcome: string | null;
  photos: { id: number; side: "customer" | "fixer" }[];
};

export const caseTitles: Record<CaseView["kind"], string> = {
  no_show: "The customer says the fixer did not come",
  late_cancel: "The customer cancelled after the slot started",
};

const outcomeText: Record<string, string> = {
  agreed: "The fixer agreed: settled as claimed.",
  unanswered: `The fixer did not answer within ${caseAnswerHours} hours: settled as claimed.`,
  staff_refund: "FixiT staff decided: the customer is refunded in full.",
  staff_release: "FixiT staff decided: the fixer is paid in full.",
  staff_release_part: "FixiT staff decided: part is paid to the fixer and the rest refunded.",
};

// UK time with its zone named, as every time the site shows (issue 52).
const when = (iso: string) => formatUkDateTime(new Date(iso));

export function CasePhotos({ bookingId, photos, side, label }: { bookingId: number; photos: CaseView["photos"]; side: "customer" | "fixer"; label: string }) {
  const mine = photos.filter((p) => p.side === side);
  if (!mine.length) return null;
  return (
    <PhotoThumbnails
      photos={mine.map((p) => ({ id: p.id, href: bookingPaths.casePhoto(bookingId, p.id) }))}
      label={label}
      alt={(i, n) => `${label}: photo ${i + 1} of ${n}`}
      testId={`case-photo-${side}`}
    />
  );
}

/** The case's two sides and its outcome (the forms to answer are the booking page's). */
export function CaseSides({ bookingId, view, viewer }: { bookingId: number; view: CaseView; viewer: "customer" | "fixer" | "staff" }) {
  const customerWho = viewer === "customer" ? "You" : "The customer";
  const fixerWho = viewer === "fixer" ? "You" : "The fixer";
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div className="flex flex-col gap-2">
        <p className="font-medium">{customerWho} said</p>
        <p className="break-words whitespace-pre-line">{view.claim ?? caseTitles[view.kind]}</p>
        <CasePhotos bookingId={bookingId} photos={view.photos} side="customer" label="Photos from the customer" />
      </div>
      {view.answer ? (
        <div className="flex flex-col gap-2 border-t border-border pt-3">
          <p className="font-medium">{fixerWho} answered</p>
          <p className="break-words whitespace-pre-line">{view.answer}</p>
          <CasePhotos bookingId={bookingId} photos={view.photos} side="fixer" label="Photos from the fixer" />
        </div>
      ) : null}
      {view.outcome ? (
        <p role="status" className="rounded-lg border border-border bg-muted/60 p-3 font-medium">
          {outcomeText[view.outcome] ?? view.outcome}
        </p>
      ) : view.answer ? (
        <p>FixiT staff look at both sides and decide; the money stays held until then.</p>
      ) : (
        <p>
          {viewer === "fixer" ? "You have" : "The fixer has"} until {when(view.answerDueAt)} ({caseAnswerHours} hours from the claim) to agree or contest it.{" "}
          {viewer === "fixer" ? "If you agree or do not answer" : "If they agree or do not answer"}, it is settled as claimed; the money stays held until then.
        </p>
      )}
    </div>
  );
}
