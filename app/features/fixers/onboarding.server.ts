import { Readable } from "node:stream";
import { and, desc, eq, isNotNull, isNull, or } from "drizzle-orm";
import { data } from "react-router";
import type { RequestFacts } from "#server/app.ts";
import type { InfraServices } from "#server/services.ts";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments, type FixerRegistration } from "#server/db/schema/fixers.ts";
import { siteUrl } from "#server/http/site-url.ts";
import { enqueueEmail } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import { hashCode, normaliseFixerCode } from "#server/security/codes.ts";
import { hitRateLimit } from "#server/security/rate-limit.ts";
import { discardStoredFiles, parseMultipart, UploadError, type MultipartResult, type StoredFile } from "#server/storage/index.ts";
import { PAPER_TYPES, PHOTO_TYPES } from "#server/storage/filetype.ts";

/** What onboarding takes: a PDF, DOC or DOCX, or a phone photo of the paper (JPEG, PNG, WebP, HEIC), checked by content. */
export const ONBOARDING_FILE_TYPES = [...PAPER_TYPES, ...PHOTO_TYPES];
import { record } from "~/features/auth/actions.server";
import { documentHeaders } from "~/lib/download-headers";
import type { SessionUser } from "~/lib/session-user";
import { gateToasts, isApplicationStatus, onboardingCards, onboardingMessages, onboardingUploadLimits, type ApplicationStatus, type DocumentFolder, type NumberField } from "./portal-content";
import { logHoneypot } from "~/lib/forms/forms.server";
import { firstError, honeypotFilled, parseSubmission } from "~/lib/forms/parse";
import { accessCodeSchema, onboardingTextSchema, type OnboardingTexts } from "./schemas";

/**
 * The onboarding portal (/fixer-onboarding), for a signed-in account:
 * - locked until the account unlocks a paid registration with its access code (`unlockFixerPortal`);
 * - then the form, or the latest application's status; after "changes requested" the form again;
 * - `submitOnboarding` streams the documents into private storage, then writes the application,
 *   its documents, the registration's onboarding_completed and the receipt email in one
 *   transaction. Any failure deletes every file stored for the submission and writes nothing.
 */

/** What the portal reads of a loader's context: the client's address and agent, the database, the file store, the settings and a logger. */
type Ctx = Pick<RequestFacts, "clientIp" | "userAgent"> & { services: Pick<InfraServices, "db" | "storage" | "config" | "logger"> };
const MINUTE = 60_000;

export const onboardingLimits = {
  /** Code attempts per account and per address. */
  codePerAccount: { limit: 10, windowMs: 15 * MINUTE },
  codePerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Submissions per account (each may carry up to 15 files). */
  submissions: { limit: 10, windowMs: 60 * MINUTE },
} as const;

export const DOCUMENT_FOLDERS: readonly DocumentFolder[] = ["certifications", "portfolio", "insurance", "identity", "dbs"];
export const STORAGE_BUCKET = "fixer-documents";

export const RECEIPT_EMAIL_SUBJECT = "We received your FixiT fixer application";

const noStore = { "cache-control": "private, no-store" };

/** A service's answer: the body and HTTP status; the page's action and the JSON upload endpoint wrap it their own way. */
export type ServiceAnswer<T> = { status: number; body: T; headers: Record<string, string> };
const reply = <T>(body: T, status = 200, headers: Record<string, string> = {}): ServiceAnswer<T> => ({ body, status, headers: { ...noStore, ...headers } });

/** The account's unlocked, paid registration (the most recently unlocked one), if any. */
export async function unlockedRegistration(db: DbOrTx, userId: string): Promise<FixerRegistration | null> {
  const [row] = await db
    .select()
    .from(fixerRegistrations)
    .where(and(eq(fixerRegistrations.userId, userId), isNotNull(fixerRegistrations.paidAt), isNotNull(fixerRegistrations.unlockedAt)))
    .orderBy(desc(fixerRegistrations.unlockedAt), desc(fixerRegistrations.id))
    .limit(1);
  return row ?? null;
}

async function latestApplication(db: DbOrTx, registrationId: number) {
  const [row] = await db
    .select()
    .from(fixerOnboarding)
    .where(eq(fixerOnboarding.registrationId, registrationId))
    .orderBy(desc(fixerOnboarding.createdAt), desc(fixerOnboarding.id))
    .limit(1);
  return row ?? null;
}

export type PortalDocument = { id: number; folder: string; name: string; size: number };

/** What the fixer sent last time, offered again after staff asked for changes. */
export type PreviousAnswers = { qualifications: string; expertise: string; insurance: string; numbers: Partial<Record<NumberField, string | null>>; documents: PortalDocument[] };

export type PortalView =
  /** `paid`: a paid registration with this account's email is waiting for its code (the indicator marks Payment done). */
  | { state: "locked"; paid: boolean }
  | {
      state: "form";
      firstName: string;
      email: string;
      changesRequested: { note: string | null; submittedAt: string; previous: PreviousAnswers } | null;
    }
  | {
      state: "status";
      firstName: string;
      email: string;
      application: { id: number; status: ApplicationStatus; submittedAt: string; reviewedAt: string | null; note: string | null; documents: PortalDocument[] };
    };

export async function loadPortal(context: Ctx, user: SessionUser): Promise<PortalView> {
  const { db } = context.services;
  const registration = await unlockedRegistration(db, user.id);
  if (!registration) return { state: "locked", paid: await hasPaidRegistration(db, user) };
  const latest = await latestApplication(db, registration.id);
  const who = { firstName: registration.firstName, email: registration.email };
  if (!latest) return { state: "form", ...who, changesRequested: null };
  const documents = await applicationDocuments(db, latest.id);
  if (latest.status === "changes_requested") {
    const numbers = { rightToWorkShareCode: latest.rightToWorkShareCode, gasSafeNumber: latest.gasSafeNumber, electricalNumber: latest.electricalNumber, dbsNumber: latest.dbsNumber };
    const previous = { qualifications: latest.qualifications, expertise: latest.expertise, insurance: latest.insurance, numbers, documents };
    return { state: "form", ...who, changesRequested: { note: latest.reviewNote, submittedAt: latest.createdAt.toISOString(), previous } };
  }
  return {
    state: "status",
    ...who,
    application: {
      id: latest.id,
      status: isApplicationStatus(latest.status) ? latest.status : "pending",
      submittedAt: latest.createdAt.toISOString(),
      reviewedAt: latest.reviewedAt?.toISOString() ?? null,
      note: latest.status === "rejected" ? latest.reviewNote : null,
      documents,
    },
  };
}

function applicationDocuments(db: DbOrTx, onboardingId: number): Promise<PortalDocument[]> {
  return db
    .select({ id: onboardingDocuments.id, folder: onboardingDocuments.folder, name: onboardingDocuments.originalName, size: onboardingDocuments.size })
    .from(onboardingDocuments)
    .where(eq(onboardingDocuments.onboardingId, onboardingId))
    .orderBy(onboardingDocuments.id);
}

/** A paid registration made with the account's email that no other account has claimed. */
async function hasPaidRegistration(db: DbOrTx, user: SessionUser): Promise<boolean> {
  const [row] = await db
    .select({ id: fixerRegistrations.id })
    .from(fixerRegistrations)
    .where(
      and(
        eq(fixerRegistrations.email, user.email.toLowerCase()),
        isNotNull(fixerRegistrations.paidAt),
        or(isNull(fixerRegistrations.userId), eq(fixerRegistrations.userId, user.id)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type UnlockResult = { ok: true; title: string } | { ok: false; title: string; description: string };

/**
 * Checks a fixer access code for the signed-in account. A valid code of a paid registration that no
 * other account has claimed links the registration to this account (the portal stays unlocked for
 * it). A code another account claimed is refused exactly like a wrong one.
 */
export async function unlockFixerPortal(context: Ctx, user: SessionUser, rawCode: unknown): Promise<ServiceAnswer<UnlockResult>> {
  const { db, logger } = context.services;
  const answer = (result: UnlockResult, status = 200, headers: Record<string, string> = {}) => reply(result, status, headers);

  for (const [key, rule] of [
    [`fixer-code:user:${user.id}`, onboardingLimits.codePerAccount],
    [`fixer-code:ip:${context.clientIp}`, onboardingLimits.codePerIp],
  ] as const) {
    const hit = await hitRateLimit(db, { key, ...rule });
    if (!hit.allowed) {
      await record(context, { type: "rate_limited", userId: user.id, details: { action: "fixer-code" } });
      return answer({ ok: false, ...gateToasts.rateLimited }, 429, { "retry-after": String(hit.retryAfterSeconds) });
    }
  }

  const parsed = accessCodeSchema.safeParse(typeof rawCode === "string" ? rawCode : "");
  if (!parsed.success) return answer({ ok: false, ...gateToasts.invalid }, 400);
  const hash = hashCode(fixerCodeKey(parsed.data));
  const now = new Date();
  const [linked] = await db
    .update(fixerRegistrations)
    .set({ userId: user.id, unlockedAt: now })
    .where(
      and(
        eq(fixerRegistrations.accessCodeHash, hash),
        isNotNull(fixerRegistrations.paidAt),
        or(isNull(fixerRegistrations.userId), eq(fixerRegistrations.userId, user.id)),
      ),
    )
    .returning({ id: fixerRegistrations.id });
  if (!linked) {
    await record(context, { type: "fixer_code_rejected", userId: user.id, details: {} });
    return answer({ ok: false, ...gateToasts.invalid }, 400);
  }
  await record(context, { type: "fixer_portal_unlocked", userId: user.id, details: { registrationId: linked.id } });
  logger.info({ registrationId: linked.id, userId: user.id }, "fixer portal unlocked");
  return answer({ ok: true, title: gateToasts.granted });
}

/** Codes are typed from an email: case, spaces and dashes do not matter, nor does leaving out "FIX". */
export function fixerCodeKey(input: string): string {
  const normalised = normaliseFixerCode(input);
  // The random part never starts with "FIX" (its alphabet has no I), so the prefix is unambiguous.
  return normalised.startsWith("FIX") ? normalised : `FIX${normalised}`;
}

/** The form field naming a document of the returned application to keep (one per document). */
export const KEEP_FIELD = "keep";

type KeptDocument = typeof onboardingDocuments.$inferSelect;

function keptDocuments(db: DbOrTx, onboardingId: number): Promise<KeptDocument[]> {
  return db.select().from(onboardingDocuments).where(eq(onboardingDocuments.onboardingId, onboardingId)).orderBy(onboardingDocuments.id);
}

export type SubmitResult = { ok: true; title: string; description: string } | { ok: false; message: string; field?: string };

/** `${timestamp}-${sanitised name}` (unique, and safe to show and download) from a key made by newStorageKey: `folder/${ts}-${random}-${name}`. */
export function storedNameOf(file: Pick<StoredFile, "key" | "originalName">): string {
  const last = file.key.split("/").pop() ?? "";
  const timestamp = /^(\d+)-/.exec(last)?.[1] ?? String(Date.now());
  return `${timestamp}-${file.originalName}`;
}

export async function submitOnboarding(request: Request, context: Ctx, user: SessionUser): Promise<ServiceAnswer<SubmitResult>> {
  const { services } = context;
  const { db, storage, logger } = services;
  const answer = (result: SubmitResult, status = 200) => reply(result, status);

  // Before reading a byte of the upload: is there an unlocked registration waiting for this form?
  const registration = await unlockedRegistration(db, user.id);
  if (!registration) return answer({ ok: false, message: onboardingMessages.noRegistration }, 400);
  const latest = await latestApplication(db, registration.id);
  if (latest && latest.status !== "changes_requested") return answer({ ok: false, message: "Your application has already been submitted." }, 409);
  const limit = await hitRateLimit(db, { key: `fixer-onboarding:${user.id}`, ...onboardingLimits.submissions });
  if (!limit.allowed) return answer({ ok: false, message: onboardingMessages.rateLimited }, 429);

  let upload: MultipartResult;
  try {
    upload = await parseMultipart(request, {
      maxFileBytes: onboardingUploadLimits.maxFileBytes,
      maxFiles: onboardingUploadLimits.maxFilesPerCard * DOCUMENT_FOLDERS.length,
      maxFieldBytes: onboardingUploadLimits.maxTextLength * 4 + 100,
      maxFields: 16 + onboardingUploadLimits.maxFilesPerCard * DOCUMENT_FOLDERS.length,
      allowedFields: { files: [...DOCUMENT_FOLDERS] },
      allowedTypes: ONBOARDING_FILE_TYPES,
      store: storage,
      folder: (field) => `${STORAGE_BUCKET}/${field}`,
    });
  } catch (error) {
    if (!(error instanceof UploadError)) {
      logger.error({ err: error, userId: user.id }, "onboarding upload failed in storage");
      return answer({ ok: false, message: onboardingMessages.uploadFailed("your documents", "the upload could not be stored. Please try again.") }, 503);
    }
    const message = error.fileName ? onboardingMessages.uploadFailed(error.fileName, error.description) : error.message;
    return answer({ ok: false, message, field: error.field }, error.status);
  }
  const discard = () => discardStoredFiles(storage, upload.files);

  if (honeypotFilled(upload.fields)) {
    await discard();
    logHoneypot(context, "fixer-onboarding");
    return answer({ ok: false, message: onboardingMessages.failed.description }, 400);
  }
  // Documents of the application staff sent back that the fixer keeps ("keep" = their ids); any other id is ignored.
  const keepIds = new Set([upload.fields[KEEP_FIELD] ?? []].flat().map(Number));
  const kept = latest?.status === "changes_requested" ? (await keptDocuments(db, latest.id)).filter((d) => keepIds.has(d.id)) : [];
  const countIn = (folder: DocumentFolder) => upload.files.filter((f) => f.field === folder).length + kept.filter((d) => d.folder === folder).length;
  for (const card of onboardingCards) {
    const count = countIn(card.files.name);
    if (count > onboardingUploadLimits.maxFilesPerCard) {
      await discard();
      return answer({ ok: false, message: onboardingMessages.tooMany(card.title), field: card.files.name }, 400);
    }
  }
  const texts = parseSubmission(onboardingTextSchema, upload.fields, { multiLine: ["qualifications", "expertise", "insurance"] });
  if (!texts.ok) {
    await discard();
    const refused = firstError(texts.fieldErrors);
    return answer({ ok: false, message: refused?.message ?? onboardingMessages.required, field: refused?.field ?? "" }, 400);
  }
  if (countIn("insurance") === 0) {
    await discard();
    return answer({ ok: false, message: onboardingMessages.insuranceRequired, field: "insurance" }, 400);
  }

  try {
    const id = await storeApplication(services, { registration, userId: user.id, texts: texts.data, files: upload.files, kept });
    logger.info({ onboardingId: id, registrationId: registration.id, files: upload.files.length }, "fixer onboarding submitted");
    return answer({ ok: true, ...onboardingMessages.success });
  } catch (error) {
    await discard();
    if (error instanceof AlreadySubmittedError) return answer({ ok: false, message: error.message }, 409);
    logger.error({ err: error, userId: user.id }, "onboarding could not be stored; its files were deleted");
    return answer({ ok: false, message: onboardingMessages.failed.description }, 503);
  }
}

class AlreadySubmittedError extends Error {
  constructor() {
    super("Your application has already been submitted.");
  }
}

async function storeApplication(
  services: { db: Db; config: { publicUrl: string } },
  input: {
    registration: FixerRegistration;
    userId: string;
    texts: OnboardingTexts;
    files: StoredFile[];
    /** Documents carried over from the returned application: new rows pointing at the same stored files. */
    kept: KeptDocument[];
  },
): Promise<number> {
  const { registration, texts, files, kept } = input;
  return services.db.transaction(async (tx) => {
    // One submission at a time per registration: lock it, then check again.
    await tx.select({ id: fixerRegistrations.id }).from(fixerRegistrations).where(eq(fixerRegistrations.id, registration.id)).for("update");
    const latest = await latestApplication(tx, registration.id);
    if (latest && latest.status !== "changes_requested") throw new AlreadySubmittedError();

    const [row] = await tx
      .insert(fixerOnboarding)
      .values({ registrationId: registration.id, userId: input.userId, email: registration.email, ...texts, status: "pending" })
      .returning({ id: fixerOnboarding.id });
    const onboardingId = row!.id;
    const documents = [
      ...kept.map(({ folder, storageKey, originalName, storedName, contentType, size }) => ({ folder, storageKey, originalName, storedName, contentType, size })),
      ...files.map((file) => ({
        folder: file.field,
        storageKey: file.key,
        originalName: file.originalName,
        storedName: storedNameOf(file),
        contentType: file.contentType,
        size: file.size,
      })),
    ];
    if (documents.length > 0) await tx.insert(onboardingDocuments).values(documents.map((doc) => ({ onboardingId, ...doc })));
    await tx.update(fixerRegistrations).set({ onboardingCompleted: true }).where(eq(fixerRegistrations.id, registration.id));

    const count = (folder: DocumentFolder) => documents.filter((d) => d.folder === folder).length;
    const { html, text } = renderEmail({
      preheader: "We'll get back to you within 24 hours",
      heading: "Application received",
      paragraphs: [
        `Hi ${registration.firstName},`,
        "Thank you for completing your fixer profile. We'll review your application and get back to you within 24 hours.",
        `You sent ${documents.length} ${documents.length === 1 ? "document" : "documents"}: ${count("certifications")} certification, ${count("portfolio")} portfolio, ${count("insurance")} insurance, ${count("identity")} photo ID and ${count("dbs")} DBS.`,
        "We check your photo ID, right to work and insurance, and the registration or DBS certificate a service needs, before you receive jobs for it.",
        "You can follow your application on My Account.",
      ],
      action: { label: "View your application", url: `${siteUrl(services.config)}/account#fixer-status` },
      reason: "You are receiving this email because you submitted a fixer application on the FixiT website.",
    });
    await enqueueEmail(tx, { to: registration.email, subject: RECEIPT_EMAIL_SUBJECT, html, text });
    return onboardingId;
  });
}

/**
 * One of the signed-in fixer's own documents. Another account's document, or one that does not
 * exist, is a 404 (never a hint that it exists). Staff downloads live in the staff console.
 */
export async function downloadOwnDocument(context: Ctx, user: SessionUser, documentId: number) {
  const { db, storage } = context.services;
  if (!Number.isSafeInteger(documentId) || documentId <= 0) throw data("Not found", { status: 404 });
  const [doc] = await db
    .select({ key: onboardingDocuments.storageKey, name: onboardingDocuments.originalName, contentType: onboardingDocuments.contentType })
    .from(onboardingDocuments)
    .innerJoin(fixerOnboarding, eq(fixerOnboarding.id, onboardingDocuments.onboardingId))
    .where(and(eq(onboardingDocuments.id, documentId), eq(fixerOnboarding.userId, user.id)))
    .limit(1);
  if (!doc) throw data("Not found", { status: 404 });
  const file = await storage.get(doc.key);
  if (!file) throw data("Not found", { status: 404 });
  const headers = documentHeaders({ contentType: doc.contentType, size: file.size, name: doc.name, inline: false });
  // helmet already sends X-Content-Type-Options: nosniff with every response outside /staff; a second one would be appended ("nosniff, nosniff").
  headers.delete("x-content-type-options");
  return new Response(Readable.toWeb(file.body) as ReadableStream, { headers });
}
