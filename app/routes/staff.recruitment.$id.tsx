import { Download, Eye, Mail } from "lucide-react";
import { Button } from "~/components/ui/button";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { canViewInline } from "~/lib/download-headers";
import { formatBytes, formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { loadRecruitmentApplication } from "~/features/staff/lists/recruitment.server";
import { staffMeta } from "~/features/staff/meta";
import type { Route } from "./+types/staff.recruitment.$id";

export const meta: Route.MetaFunction = ({ data }) =>
  staffMeta(data ? `${data.application.firstName} ${data.application.lastName} — ${data.application.position}` : "Job application");

/** The page the recruitment inbox email links to (app/features/forms/recruitment.server.ts). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const application = await loadRecruitmentApplication(context.services.db, parseId(params.id) ?? notFound());
  if (!application) notFound();
  const { cvKey, ...rest } = application;
  return { application: { ...rest, hasCv: cvKey !== null, createdAt: application.createdAt.toISOString() } };
}

export default function RecruitmentDetail({ loaderData: { application: a } }: Route.ComponentProps) {
  const cvHref = `/staff/files/cv/${a.id}`;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/recruitment", label: "Job applications" }}
        title={`${a.firstName} ${a.lastName}`}
        description={`Applied for ${a.position} · ${formatDateTime(a.createdAt)}`}
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={`mailto:${a.email}`}>
              <Mail aria-hidden="true" />
              Reply by email
            </a>
          </Button>
        }
      />
      <Panel title="CV" id="cv">
        {a.hasCv ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <p className="text-sm break-all">
              {a.cvName} {a.cvSize ? `(${formatBytes(a.cvSize)})` : ""}
            </p>
            <div className="flex flex-wrap gap-2 sm:ml-auto">
              {a.cvType && canViewInline(a.cvType) ? (
                <Button asChild variant="outline" size="sm">
                  <a href={`${cvHref}?view=inline`} target="_blank" rel="noreferrer">
                    <Eye aria-hidden="true" />
                    View<span className="sr-only"> the CV (opens in a new tab)</span>
                  </a>
                </Button>
              ) : null}
              <Button asChild size="sm">
                <a href={cvHref}>
                  <Download aria-hidden="true" />
                  Download<span className="sr-only"> the CV</span>
                </a>
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No CV was attached.</p>
        )}
      </Panel>
      <Panel title="Application" id="application">
        <DetailList
          items={[
            { label: "Email", value: a.email },
            { label: "Phone", value: a.phone },
            { label: "Position", value: a.position },
            { label: "Experience", value: a.experience, wide: true },
            { label: "Qualifications", value: a.qualifications, wide: true },
            { label: "Cover letter", value: a.coverLetter, wide: true },
          ]}
        />
      </Panel>
      <Panel title="Where it came from" id="origin">
        <DetailList
          items={[
            { label: "IP address", value: a.ip },
            { label: "Browser", value: a.userAgent, wide: true },
            { label: "Application ID", value: String(a.id) },
          ]}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
