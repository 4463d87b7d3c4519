import { Download, Eye } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ActionResult } from "~/features/staff/components/action-result";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { ReviewForm } from "~/features/staff/components/review-form";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { canViewInline } from "~/lib/download-headers";
import { formatBytes, formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { loadOnboardingApplication } from "~/features/staff/lists/onboarding.server";
import { staffMeta } from "~/features/staff/meta";
import { recordApplicationCheck, reviewApplication } from "~/features/staff/review.server";
import { ChecksPanel } from "~/features/staff/components/checks-panel";
import { allowedDecisions, checkRecordSchema, isOnboardingStatus, reviewParsing, reviewSchema } from "~/features/staff/review-schema";
import { checkStaffForm, readStaffForm, staffAnswer, staffBadRequest } from "~/features/staff/respond.server";
import { humanise, statusLabel } from "~/features/staff/status";
import type { Route } from "./+types/staff.onboarding.$id";

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  staffMeta(loaded ? `${loaded.application.applicantName ?? loaded.application.email} — onboarding application` : "Onboarding application");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const found = await loadOnboardingApplication(context.services.db, parseId(params.id) ?? notFound());
  if (!found) notFound();
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.id) ?? notFound();
  const read = await readStaffForm(request);
  if (!read.ok) return read.answer;
  const { form } = read;
  if (form.get("intent") === "check") {
    const record = checkStaffForm(checkRecordSchema, form, (errors) => ({ title: "Check the record", text: Object.values(errors)[0] ?? "" }));
    if (!record.ok) return record.answer;
    return staffAnswer(await recordApplicationCheck(context.services, user, id, record.data));
  }
  if (form.get("intent") !== "review") return staffBadRequest();
  const checked = checkStaffForm(reviewSchema, form, (errors) => ({ title: "Check the review", text: Object.values(errors)[0] ?? "" }), reviewParsing);
  if (!checked.ok) return checked.answer;
  return staffAnswer(await reviewApplication(context.services, user, id, checked.data));
}

const folders = [
  { key: "identity", label: "Photo ID" },
  { key: "dbs", label: "Enhanced DBS certificate" },
  { key: "certifications", label: "Certifications" },
  { key: "insurance", label: "Insurance" },
  { key: "portfolio", label: "Portfolio and work examples" },
] as const;

export default function OnboardingDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a, documents, reviews, otherApplications, checks } = loaderData;
  const reviewable = isOnboardingStatus(a.status) && allowedDecisions[a.status].length > 0;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/onboarding", label: "Onboarding applications" }}
        title={a.applicantName ?? a.email}
        badge={<StatusBadge status={a.status} />}
        description={`Application #${a.id} · submitted ${formatDateTime(a.createdAt)}`}
      />
      <ActionResult result={actionData} />

      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(20rem,2fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <Panel title="Fixer profile" id="profile">
            <DetailList
              items={[
                { label: "Email", value: a.email },
                {
                  label: "Registration",
                  value: a.registrationId ? (
                    <Link to={`/staff/registrations/${a.registrationId}`} className="text-primary underline underline-offset-4">
                      Registration #{a.registrationId}
                    </Link>
                  ) : null,
                },
                {
                  label: "Account",
                  value: a.userId ? (
                    <Link to={`/staff/users/${encodeURIComponent(a.userId)}`} className="text-primary underline underline-offset-4">
                      Open the account
                    </Link>
                  ) : null,
                },
                { label: "Qualifications & certifications", value: a.qualifications, wide: true },
                { label: "Expertise & skills", value: a.expertise, wide: true },
                { label: "Insurance", value: a.insurance, wide: true },
                { label: "Right to work share code", value: a.rightToWorkShareCode },
                { label: "Gas Safe number", value: a.gasSafeNumber },
                { label: "NICEIC or NAPIT number", value: a.electricalNumber },
                { label: "Enhanced DBS certificate number", value: a.dbsNumber },
              ]}
            />
          </Panel>

          <Panel title={`Documents (${documents.length})`} id="documents">
            {documents.length === 0 ? (
              <p className="text-sm text-muted-foreground">No documents were uploaded.</p>
            ) : (
              <div className="flex flex-col gap-4">
                {folders.map((folder) => {
                  const inFolder = documents.filter((d) => d.folder === folder.key);
                  if (inFolder.length === 0) return null;
                  return (
                    <div key={folder.key}>
                      <h3 className="mb-1 text-sm font-semibold">{folder.label}</h3>
                      <ul className="flex flex-col divide-y divide-border">
                        {inFolder.map((doc) => (
                          <li key={doc.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center">
                            <span className="min-w-0 text-sm break-all">
                              {doc.originalName} <span className="text-muted-foreground">({formatBytes(doc.size)})</span>
                            </span>
                            <span className="flex gap-2 sm:ml-auto">
                              {canViewInline(doc.contentType) ? (
                                <Button asChild variant="outline" size="sm">
                                  <a href={`/staff/files/onboarding/${doc.id}?view=inline`} target="_blank" rel="noreferrer">
                                    <Eye aria-hidden="true" />
                                    View<span className="sr-only"> {doc.originalName} (opens in a new tab)</span>
                                  </a>
                                </Button>
                              ) : null}
                              <Button asChild variant="outline" size="sm">
                                <a href={`/staff/files/onboarding/${doc.id}`}>
                                  <Download aria-hidden="true" />
                                  Download<span className="sr-only"> {doc.originalName}</span>
                                </a>
                              </Button>
                            </span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  );
                })}
                {documents
                  .filter((d) => !folders.some((f) => f.key === d.folder))
                  .map((doc) => (
                    <p key={doc.id} className="text-sm">
                      <a href={`/staff/files/onboarding/${doc.id}`} className="text-primary underline underline-offset-4">
                        {doc.originalName}
                      </a>{" "}
                      ({humanise(doc.folder)})
                    </p>
                  ))}
              </div>
            )}
          </Panel>
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <Panel title="Vetting checks" id="checks">
            <ChecksPanel
              checks={checks}
              documents={documents}
              canRecord={a.userId !== null && a.status !== "rejected"}
              suggested={{ right_to_work: a.rightToWorkShareCode, gas_safe: a.gasSafeNumber, niceic_napit: a.electricalNumber, dbs_enhanced: a.dbsNumber }}
            />
          </Panel>
          <Panel title="Review" id="review">
            {reviewable ? (
              <ReviewForm serverErrors={actionData?.status === "invalid" ? actionData.fieldErrors : undefined} />
            ) : (
              <div className="flex flex-col gap-2 text-sm">
                <p>
                  This application is <strong>{statusLabel(a.status).toLowerCase()}</strong>
                  {a.reviewedAt ? ` (${formatDateTime(a.reviewedAt)}${a.reviewerEmail ? ` by ${a.reviewerEmail}` : ""})` : ""}. Only pending
                  applications can be reviewed.
                </p>
                {a.status === "changes_requested" ? <p>The fixer can send a new application from the onboarding portal; it will appear as pending.</p> : null}
                {a.reviewNote ? (
                  <p className="rounded-md bg-muted p-3 whitespace-pre-wrap">
                    <span className="font-medium">Note to the fixer:</span> {a.reviewNote}
                  </p>
                ) : null}
              </div>
            )}
          </Panel>

          <Panel title="History" id="history">
            <ol className="flex flex-col gap-3 text-sm">
              <li>
                <span className="font-medium">Submitted</span> · {formatDateTime(a.createdAt)}
              </li>
              {reviews.map((r) => (
                <li key={r.id} className="flex flex-col gap-1">
                  <span>
                    <span className="font-medium">{`${statusLabel(r.fromStatus)} → ${statusLabel(r.toStatus)}`}</span>{" "}
                    · {formatDateTime(r.createdAt)} · {r.staffEmail ?? "a former staff member"}
                  </span>
                  {r.note ? <span className="rounded-md bg-muted p-2 whitespace-pre-wrap">{r.note}</span> : null}
                </li>
              ))}
            </ol>
          </Panel>

          {otherApplications.length > 0 ? (
            <Panel title="Other applications from this fixer" id="other-applications">
              <ul className="flex flex-col gap-2 text-sm">
                {otherApplications.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center gap-2">
                    <Link to={`/staff/onboarding/${o.id}`} className="text-primary underline underline-offset-4">
                      Application #{o.id}
                    </Link>
                    <StatusBadge status={o.status} />
                    <span className="text-muted-foreground">{formatDateTime(o.createdAt)}</span>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
