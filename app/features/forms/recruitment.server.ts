import type { DbOrTx } from "#server/db/client.ts";
import { recruitmentApplications } from "#server/db/schema/forms.ts";
import { siteUrl } from "#server/http/site-url.ts";
import { enqueueEmail } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import { rateLimitMessage } from "#server/security/rate-limit.ts";
import type { InfraServices } from "#server/services.ts";
import { discardStoredFiles, parseMultipart, UploadError, type MultipartResult, type StoredFile } from "#server/storage/index.ts";
import { logHoneypot } from "~/lib/forms/forms.server";
import { parseSubmission, readValues } from "~/lib/forms/parse";
import { answer, withinRateLimit, type FormContext } from "./actions.server";
import { CV_MAX_BYTES, publicFormParsing, recruitmentSchema, type Recruitment } from "./schemas";
import { enqueueSheetSync } from "./sheet-sync.server";

/**
 * /recruitment: the application and its optional CV. The CV streams into private storage
 * (type checked by content, size limit enforced while reading); then, in one transaction, the
 * application row, the sheet sync (its failure ignored) and the email to the recruitment inbox
 * (its failure fails the whole submission). On any failure the stored CV is deleted.
 */

export const CV_FOLDER = "cvs";
export const CV_FIELD = "cv";

/** The staff console's page for one application; the email links there, never to the file. */
export function staffApplicationUrl(publicUrl: string, id: number): string {
  return `${publicUrl}/staff/recruitment/${id}`;
}

export async function storeRecruitmentApplication(
  services: Pick<InfraServices, "config" | "db" | "logger">,
  application: Recruitment,
  cv: StoredFile | undefined,
  meta: { ip: string; userAgent: string },
): Promise<{ id: number }> {
  const { config, db, logger } = services;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(recruitmentApplications)
      .values({
        ...application,
        cvKey: cv?.key ?? null,
        cvName: cv?.originalName ?? null,
        cvSize: cv?.size ?? null,
        cvType: cv?.contentType ?? null,
        ip: meta.ip || null,
        userAgent: meta.userAgent || null,
      })
      .returning({ id: recruitmentApplications.id, createdAt: recruitmentApplications.createdAt });
    const id = row!.id;
    const staffUrl = staffApplicationUrl(siteUrl(config), id);

    // Spec order: the sheet sync, whose failure is ignored (a savepoint keeps the transaction usable)...
    try {
      await tx.transaction(async (sp) => {
        await enqueueSheetSync(sp as DbOrTx, config, "recruitment", { ...application, cvUrl: cv ? staffUrl : "" }, row!.createdAt);
      });
    } catch (error) {
      logger.warn({ err: error, id }, "recruitment sheet sync could not be queued; the application is kept");
    }

    // ...then the recruitment email, whose failure fails the submission (the transaction rolls back).
    const { html, text } = renderEmail({
      heading: "New job application",
      paragraphs: [
        `Name: ${application.firstName} ${application.lastName}`,
        `Email: ${application.email}`,
        `Phone: ${application.phone}`,
        `Position: ${application.position}`,
        "Experience:",
        application.experience,
        "Qualifications:",
        application.qualifications,
        "Cover letter:",
        application.coverLetter,
        cv ? `CV: ${cv.originalName} (${Math.ceil(cv.size / 1024)} KB), available to staff only.` : "No CV was attached.",
      ],
      action: { label: "Open the application", url: staffUrl },
      note: "The link opens the staff console; only signed-in staff can see the application and its CV.",
      reason: "You are receiving this email because you are listed as the FixiT recruitment inbox.",
    });
    await enqueueEmail(tx as DbOrTx, {
      to: config.RECRUITMENT_INBOX,
      subject: `Job application: ${application.position} from ${application.firstName} ${application.lastName}`.slice(0, 400),
      html,
      text,
      replyTo: application.email,
    });
    return { id };
  });
}

type ActionArgs = { request: Request; context: FormContext & { services: Pick<InfraServices, "storage"> } };

export async function recruitmentAction({ request, context }: ActionArgs) {
  const { storage, logger } = context.services;
  const form = "recruitment" as const;
  let upload: MultipartResult;
  try {
    upload = await parseMultipart(request, {
      maxFileBytes: CV_MAX_BYTES,
      maxFiles: 1,
      maxFieldBytes: 20_000,
      maxFields: 20,
      allowedFields: { files: [CV_FIELD] },
      store: storage,
      folder: () => CV_FOLDER,
    });
  } catch (error) {
    if (!(error instanceof UploadError)) {
      logger.error({ err: error }, "recruitment upload failed");
      return answer({ form, status: "error" }, 503);
    }
    // The body was only partly read: the connection is closed after the answer.
    const field = error.code === "too_large" || error.code === "bad_type" ? CV_FIELD : "form";
    return answer({ form, status: "invalid", fieldErrors: { [field]: error.message }, values: {} }, error.status);
  }

  const formData = new FormData();
  for (const [key, value] of Object.entries(upload.fields)) {
    for (const v of Array.isArray(value) ? value : [value]) formData.append(key, v);
  }
  const cv = upload.files.find((f) => f.field === CV_FIELD);
  const discard = () => discardStoredFiles(storage, upload.files);

  const parsed = parseSubmission(recruitmentSchema, formData, publicFormParsing);
  // A refused value comes back cut to its field's length; accepted values are within it already.
  const values = parsed.ok ? readValues(formData, { fields: Object.keys(recruitmentSchema.shape) }) : parsed.values;
  if (!parsed.ok && parsed.honeypot) {
    logHoneypot(context, form);
    await discard();
    return answer({ form, status: "success" });
  }
  if (!parsed.ok) {
    await discard();
    return answer({ form, status: "invalid", fieldErrors: parsed.fieldErrors, values }, 400);
  }
  if (!(await withinRateLimit(context, form))) {
    await discard();
    return answer({ form, status: "error", message: rateLimitMessage, values }, 429);
  }
  try {
    const { id } = await storeRecruitmentApplication(context.services, parsed.data, cv, { ip: context.clientIp, userAgent: context.userAgent });
    logger.info({ form, id, cv: Boolean(cv) }, "job application stored");
    return answer({ form, status: "success" });
  } catch (error) {
    await discard();
    logger.error({ err: error }, "job application could not be stored; its CV was deleted");
    return answer({ form, status: "error", values }, 503);
  }
}
