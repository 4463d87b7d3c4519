import { Form } from "react-router";
import { StarRating } from "~/components/content/star-rating";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Textarea } from "~/components/ui/textarea";
import { formatCount } from "~/content/format";
import type { FormResult } from "~/lib/forms/result";
import { answeredError, answeredValue, useActionAnswer } from "~/lib/forms/use-action-answer";
import type { JobReview, JobReviews } from "~/features/quotes/review-views.server";
import { quoteLimits } from "~/features/quotes/job-fields";
import { reviewCopy } from "~/features/quotes/review-copy";

/**
 * A finished job's reviews on either side's job page (decision 055): the form while the window is
 * open, the viewer's own review (with "hidden until" before publication), and the other side's once
 * published. A review staff removed says so, with the reason.
 */
export function JobReviewsSection({
  reviews,
  titles,
  otherName,
  intent,
  formHint,
  children,
}: {
  reviews: JobReviews;
  titles: { form: string; mine: string; theirs: string };
  /** Who the viewer waits for: "Paula P.", "the customer". */
  otherName: string;
  intent: string;
  formHint: string;
  /** Under the other side's review (the fixer's reply form). */
  children?: React.ReactNode;
}) {
  const { window, mine, theirs } = reviews;
  // A refused review (too late, twice) shows its reason here, form or no form.
  const answer = useActionAnswer("review");
  if (!window && !mine && !answer) return null;
  return (
    <section id="review" aria-labelledby="review-title" className="flex scroll-mt-24 flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-card sm:p-6">
      <h2 id="review-title" className="text-xl font-semibold">
        {mine ? titles.mine : window?.open ? titles.form : titles.mine}
      </h2>
      <FormAlert answer={answer?.status === "error" ? answer : undefined} />
      {mine ? (
        <ReviewBody review={mine} note={mine.published ? null : reviewCopy.hiddenUntil(otherName, mine.visibleFrom)} />
      ) : window?.open ? (
        <>
          <p className="text-sm text-muted-foreground">{reviewCopy.rule(window.closesAt)}</p>
          <ReviewForm intent={intent} hint={formHint} answer={answer} />
        </>
      ) : window ? (
        <p className="text-sm text-muted-foreground">{reviewCopy.closed(window.closesAt)}</p>
      ) : null}
      {theirs ? (
        <div className="flex flex-col gap-2 border-t border-border pt-4">
          <h3 className="font-semibold">{titles.theirs}</h3>
          <ReviewBody review={theirs} note={null} />
          {children}
        </div>
      ) : null}
    </section>
  );
}

function ReviewBody({ review, note }: { review: JobReview; note: string | null }) {
  if (review.removedReason !== null) {
    return (
      <div className="rounded-lg bg-muted p-3 text-sm">
        <p className="font-medium">{reviewCopy.removed}</p>
        <p className="break-words whitespace-pre-line">{reviewCopy.removedReason(review.removedReason)}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <StarRating rating={review.rating} />
      <p className="break-words whitespace-pre-line">{review.body}</p>
      {note ? (
        <p role="status" className="text-sm font-medium text-muted-foreground">
          {note}
        </p>
      ) : null}
      {review.reply ? (
        <div className="rounded-lg bg-muted p-3 text-sm">
          <p className="font-medium">The fixer's reply</p>
          <p className="break-words whitespace-pre-line">{review.reply}</p>
        </div>
      ) : null}
    </div>
  );
}

/** Stars and text: the one review form (reviewFormSchema on the server), answered as "review". */
function ReviewForm({ intent, hint, answer }: { intent: string; hint: string; answer: FormResult | undefined }) {
  const ratingError = answeredError(answer, "rating");
  const typedRating = answeredValue(answer, "rating");
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <fieldset aria-describedby={ratingError ? "rating-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-input px-3 has-checked:border-primary has-checked:bg-secondary">
              <input type="radio" name="rating" value={n} defaultChecked={typedRating === String(n)} className="size-4 accent-primary" />
              {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id="rating-error" className="mt-1 text-sm font-medium text-destructive">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <Field id="review-body" label="Your review" required hint={`${quoteLimits.review.min} to ${formatCount(quoteLimits.review.max)} characters. ${hint}`} error={answeredError(answer, "body")}>
        {(control) => <Textarea {...control} name="body" rows={4} maxLength={quoteLimits.review.max} defaultValue={answeredValue(answer, "body") ?? ""} />}
      </Field>
      <Button type="submit" className="self-start">
        Post review
      </Button>
    </Form>
  );
}
