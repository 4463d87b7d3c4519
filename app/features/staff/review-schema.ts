import { z } from "~/lib/zod";
import { formatCount } from "~/content/format";
import { checkKinds } from "~/features/fixers/required-checks";
import { parseId } from "~/lib/ids";

/**
 * The fixer review workflow's rules, shared by the review form (instant messages) and the server
 * (the authority).
 *
 * An application is decided once: only a pending application can be approved, sent back with
 * changes requested, or rejected. A decided application is closed — a fixer asked for changes
 * sends a new application from the portal (a new pending row), which is reviewed in turn.
 * Requesting changes needs a note to the fixer; rejecting needs a reason; approving may carry a note.
 */
export const onboardingStatuses = ["pending", "approved", "changes_requested", "rejected"] as const;
export type OnboardingStatus = (typeof onboardingStatuses)[number];

export const reviewDecisions = ["approved", "changes_requested", "rejected"] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

export const allowedDecisions: Record<OnboardingStatus, readonly ReviewDecision[]> = {
  pending: reviewDecisions,
  approved: [],
  changes_requested: [],
  rejected: [],
};

export function isOnboardingStatus(value: string): value is OnboardingStatus {
  return (onboardingStatuses as readonly string[]).includes(value);
}

export function canDecide(from: string, to: ReviewDecision): boolean {
  return isOnboardingStatus(from) && allowedDecisions[from].includes(to);
}

export const decisionLabels: Record<ReviewDecision, { action: string; done: string }> = {
  approved: { action: "Approve", done: "Application approved" },
  changes_requested: { action: "Request changes", done: "Changes requested" },
  rejected: { action: "Reject", done: "Application rejected" },
};

export const REVIEW_NOTE_MIN = 10;
export const REVIEW_NOTE_MAX = 2000;

export const reviewMessages = {
  decision: "Please choose a decision.",
  noteForChanges: `Tell the fixer what to change (at least ${REVIEW_NOTE_MIN} characters).`,
  reasonForRejection: `Give the reason for the rejection (at least ${REVIEW_NOTE_MIN} characters).`,
  tooLong: `Please keep the note under ${formatCount(REVIEW_NOTE_MAX)} characters.`,
} as const;

/**
 * What the reviewer actually checked (ticked on the review page). Stored on the application and in
 * the audit trail; a fixer's public badges show only these (never what was merely uploaded).
 */
export const reviewChecks = ["identity", "insurance", "qualifications"] as const;
export type ReviewCheck = (typeof reviewChecks)[number];
export const reviewCheckLabels: Record<ReviewCheck, { label: string; hint: string }> = {
  identity: { label: "Identity", hint: "I saw a photo ID (passport or driving licence) and it matches the applicant." },
  insurance: { label: "Insurance", hint: "I checked the insurance document: current, in the applicant's name, the cover they state." },
  qualifications: { label: "Qualifications", hint: "I checked the certificates or registrations the applicant names (e.g. Gas Safe, NICEIC)." },
};

/** The note is the one field where a line break belongs; `checks` is a checkbox group (~/lib/forms/parse). */
export const reviewParsing = { multiLine: ["note"], lists: ["checks"] } as const;

export const reviewSchema = z
  .object({
    decision: z.enum(reviewDecisions, { error: reviewMessages.decision }),
    note: z.string({ error: reviewMessages.noteForChanges }).trim().max(REVIEW_NOTE_MAX, reviewMessages.tooLong).default(""),
    checks: z
      .preprocess((raw) => (Array.isArray(raw) ? raw : typeof raw === "string" && raw ? [raw] : []), z.array(z.enum(reviewChecks, { error: "Choose checks from the list." })))
      .transform((list) => reviewChecks.filter((check) => list.includes(check))),
  })
  .superRefine(({ decision, note }, ctx) => {
    if (decision === "changes_requested" && note.length < REVIEW_NOTE_MIN) {
      ctx.addIssue({ code: "custom", path: ["note"], message: reviewMessages.noteForChanges });
    }
    if (decision === "rejected" && note.length < REVIEW_NOTE_MIN) {
      ctx.addIssue({ code: "custom", path: ["note"], message: reviewMessages.reasonForRejection });
    }
  });
export type ReviewInput = z.infer<typeof reviewSchema>;

export const checkRecordMessages = {
  kind: "Choose the check you made.",
  evidence: "Write the number, share code or what the document showed (2 to 120 characters).",
  document: "Choose a document of this application, or none.",
} as const;

/**
 * Recording one vetting check (decision 065): its kind, the evidence seen (a number or share code,
 * or what the document showed) and, optionally, the application's document it was read from.
 */
export const checkRecordSchema = z.object({
  kind: z.enum(checkKinds, { error: checkRecordMessages.kind }),
  evidence: z.string({ error: checkRecordMessages.evidence }).trim().min(2, checkRecordMessages.evidence).max(120, checkRecordMessages.evidence),
  documentId: z
    .string()
    .trim()
    .default("")
    .transform((v, ctx) => {
      if (v === "") return null;
      const id = parseId(v);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: checkRecordMessages.document });
        return z.NEVER;
      }
      return id;
    }),
});
export type CheckRecordInput = z.infer<typeof checkRecordSchema>;
