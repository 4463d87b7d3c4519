import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import { onboardingDocumentsView } from "~/features/fixers/projections.server";
import { recruitmentApplicationsView } from "~/features/forms/projections.server";
import { recordStaffAction } from "#server/audit-log.ts";
import { documentHeaders } from "~/lib/download-headers";
import { actorOf, type StaffUser } from "./guard.server";

/**
 * Staff downloads of private files: onboarding documents and CVs. The caller has already passed
 * requireStaff; each download is recorded in the audit trail (personal data leaving the system).
 */

type FileToServe = { key: string; name: string; contentType: string; targetType: string; targetId: number; details: Record<string, unknown> };

async function serve(context: AppLoadContext, user: StaffUser, file: FileToServe, inline: boolean): Promise<Response> {
  const { storage, db, logger } = context.services;
  const stored = await storage.get(file.key);
  if (!stored) {
    logger.error({ key: file.key, targetType: file.targetType, targetId: file.targetId }, "a stored document is missing from storage");
    throw data(null, { status: 404 });
  }
  try {
    await recordStaffAction(db, actorOf(user), {
      action: "document.download",
      targetType: file.targetType,
      targetId: file.targetId,
      details: { ...file.details, name: file.name, inline },
    });
  } catch (error) {
    stored.body.destroy();
    throw error;
  }
  return new Response(Readable.toWeb(stored.body) as ReadableStream, {
    headers: documentHeaders({ contentType: stored.contentType || file.contentType, size: stored.size, name: file.name, inline }),
  });
}

export async function serveOnboardingDocument(context: AppLoadContext, user: StaffUser, documentId: number, inline: boolean) {
  const [doc] = await context.services.db.select().from(onboardingDocumentsView).where(eq(onboardingDocumentsView.id, documentId)).limit(1);
  if (!doc) throw data(null, { status: 404 });
  return serve(
    context,
    user,
    {
      key: doc.storageKey,
      name: doc.originalName,
      contentType: doc.contentType,
      targetType: "onboarding_document",
      targetId: doc.id,
      details: { onboardingId: doc.onboardingId, folder: doc.folder },
    },
    inline,
  );
}

export async function serveRecruitmentCv(context: AppLoadContext, user: StaffUser, applicationId: number, inline: boolean) {
  const [application] = await context.services.db
    .select({ id: recruitmentApplicationsView.id, cvKey: recruitmentApplicationsView.cvKey, cvName: recruitmentApplicationsView.cvName, cvType: recruitmentApplicationsView.cvType })
    .from(recruitmentApplicationsView)
    .where(eq(recruitmentApplicationsView.id, applicationId))
    .limit(1);
  if (!application?.cvKey) throw data(null, { status: 404 });
  return serve(
    context,
    user,
    {
      key: application.cvKey,
      name: application.cvName ?? "cv",
      contentType: application.cvType ?? "application/octet-stream",
      targetType: "recruitment_application",
      targetId: application.id,
      details: { file: "cv" },
    },
    inline,
  );
}
