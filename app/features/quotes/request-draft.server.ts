import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { jobDrafts, type DraftPhoto } from "#server/db/schema/job-drafts.ts";
import { cookieValue } from "#server/http/cookie-header.ts";
import { secureCookies } from "#server/http/site-url.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { newStorageKey, type FileStore } from "#server/storage/index.ts";
import type { StoredJobPhoto } from "./jobs.server";

/**
 * What a signed-out visitor typed on /request, photos included, kept for 30 minutes so it comes back
 * after they sign in or sign up, however they get back to the form (decision 042). The browser holds
 * a random token in an HttpOnly cookie on `Path=/` (a narrower path misses `/request.data`, which a
 * move inside the app loads); the server holds the fields, the photos (private files under
 * `job-drafts/`) and the token's hash. Once the visitor is back signed in the draft is theirs alone.
 * It is deleted when the job is posted, when they start a new one, or by an outbox job 30 minutes
 * after it was last saved.
 */
export const DRAFT_COOKIE = "fixit_draft";
export const DRAFT_EXPIRY_JOB_KIND = "job-draft-expiry" as const;
export const DRAFT_LIFETIME_MS = 30 * 60 * 1000;
export const draftPhotoFolder = "job-drafts";
/** `emergency` ("1"): kept by the emergency form (/emergency, decision 081), which restores only its own drafts. */
export const draftFields = ["service", "postcode", "title", "description", "timing", "preferredDate", "budget", "invite", "emergency"] as const;
export type JobDraftFields = Partial<Record<(typeof draftFields)[number], string>>;
export type JobDraft = { tokenHash: string; userId: string | null; fields: JobDraftFields; photos: DraftPhoto[]; expiresAt: Date };
export type { DraftPhoto };

type DraftDeps = { db: DbOrTx; storage: FileStore };
type CookieConfig = Pick<Config, "isProduction" | "publicUrl">;

const attributes = "Path=/; HttpOnly; SameSite=Lax";
export const clearedDraftCookie = `${DRAFT_COOKIE}=; Max-Age=0; ${attributes}`;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The Set-Cookie keeping the draft's token for as long as the draft lives. */
export function draftCookie(config: CookieConfig, token: string): string {
  return `${DRAFT_COOKIE}=${token}; Max-Age=${DRAFT_LIFETIME_MS / 1000}; ${attributes}${secureCookies(config) ? "; Secure" : ""}`;
}

/** The request's draft token when it has the right shape; null otherwise. */
export function draftToken(request: Request): string | null {
  const value = cookieValue(request.headers.get("cookie"), DRAFT_COOKIE);
  return value !== undefined && TOKEN.test(value) ? value : null;
}

export function hasDraftCookie(request: Request): boolean {
  return cookieValue(request.headers.get("cookie"), DRAFT_COOKIE) !== undefined;
}

/** The draft's fields from the form's values: known fields only, each a string, bounded. */
export function draftFrom(values: Record<string, unknown>): JobDraftFields {
  const draft: JobDraftFields = {};
  for (const field of draftFields) {
    const value = values[field];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === "string" && text.trim()) draft[field] = text.replaceAll("\u0000", "").slice(0, field === "description" ? 2000 : 200);
  }
  return draft;
}

/**
 * The draft this request may see: the cookie's (not expired, and not yet another account's), or,
 * for a signed-in customer without the cookie (back in another tab), their newest. No cookie and
 * signed out: no query.
 */
export async function findDraft(db: DbOrTx, request: Request, userId: string | null): Promise<JobDraft | null> {
  const token = draftToken(request);
  const now = new Date();
  if (token) {
    const owner = userId ? or(isNull(jobDrafts.userId), eq(jobDrafts.userId, userId)) : isNull(jobDrafts.userId);
    const [row] = await db.select().from(jobDrafts).where(and(eq(jobDrafts.tokenHash, hashOf(token)), gt(jobDrafts.expiresAt, now), owner)).limit(1);
    if (row) return row;
  }
  if (!userId) return null;
  const [own] = await db.select().from(jobDrafts).where(and(eq(jobDrafts.userId, userId), gt(jobDrafts.expiresAt, now))).orderBy(desc(jobDrafts.createdAt)).limit(1);
  return own ?? null;
}

/** A signed-in visitor back on the form takes the draft: from then on no other account sees it. */
export async function claimDraft(db: DbOrTx, draft: JobDraft, userId: string): Promise<void> {
  if (draft.userId) return;
  await db.update(jobDrafts).set({ userId }).where(and(eq(jobDrafts.tokenHash, draft.tokenHash), isNull(jobDrafts.userId)));
}

/**
 * Keeps what a signed-out visitor sent: a new draft, or the one their cookie names (its kept photos
 * and the new ones), for 30 more minutes, with the outbox job that deletes it then. Returns the
 * token for the cookie. Photos dropped from an earlier save are deleted.
 */
export async function saveDraft(
  deps: DraftDeps,
  input: { previous: JobDraft | null; keepPhotoIds: readonly string[]; fields: JobDraftFields; photos: readonly StoredJobPhoto[] },
): Promise<string> {
  const { previous } = input;
  const kept = previous ? previous.photos.filter((p) => input.keepPhotoIds.includes(p.id)) : [];
  const photos: DraftPhoto[] = [...kept, ...input.photos.map((p) => ({ ...p, id: randomBytes(6).toString("base64url") }))];
  const expiresAt = new Date(Date.now() + DRAFT_LIFETIME_MS);
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashOf(token);
  await deps.db.transaction(async (tx) => {
    if (previous) await tx.delete(jobDrafts).where(eq(jobDrafts.tokenHash, previous.tokenHash));
    await tx.insert(jobDrafts).values({ tokenHash, fields: input.fields, photos, expiresAt });
    await enqueueJob(tx, DRAFT_EXPIRY_JOB_KIND, { tokenHash }, { runAt: expiresAt });
  });
  if (previous) await deleteFiles(deps.storage, previous.photos.filter((p) => !kept.includes(p)));
  return token;
}

/** Deletes a draft and its photos (the job was posted, or the visitor started a new one). */
export async function deleteDraft(deps: DraftDeps, draft: JobDraft): Promise<void> {
  const [gone] = await deps.db.delete(jobDrafts).where(eq(jobDrafts.tokenHash, draft.tokenHash)).returning({ photos: jobDrafts.photos });
  if (gone) await deleteFiles(deps.storage, gone.photos);
}

/** The outbox job: the draft and its photos are deleted once it has expired (a draft saved again since waits for its own job). */
export async function expireDraft(deps: DraftDeps, payload: unknown): Promise<void> {
  const tokenHash = payload && typeof payload === "object" ? (payload as { tokenHash?: unknown }).tokenHash : undefined;
  if (typeof tokenHash !== "string") return;
  const gone = await deps.db
    .delete(jobDrafts)
    .where(and(eq(jobDrafts.tokenHash, tokenHash), lte(jobDrafts.expiresAt, new Date())))
    .returning({ photos: jobDrafts.photos });
  for (const row of gone) await deleteFiles(deps.storage, row.photos);
}

/**
 * Copies the draft's kept photos into the job's own files (`job-photos/`), so the draft, and the job
 * that expiry never touches, each own theirs. A photo missing from the store (the draft expired
 * meanwhile) is skipped.
 */
export async function copyDraftPhotos(storage: FileStore, photos: readonly DraftPhoto[], folder: string): Promise<StoredJobPhoto[]> {
  const copies: StoredJobPhoto[] = [];
  for (const photo of photos) {
    const file = await storage.get(photo.storageKey);
    if (!file) continue;
    const key = newStorageKey(folder, `photo.${photo.storageKey.split(".").pop() ?? "jpg"}`);
    await storage.put(key, file.body, { contentType: photo.contentType, size: photo.size });
    copies.push({ storageKey: key, contentType: photo.contentType, size: photo.size, width: photo.width ?? null, height: photo.height ?? null });
  }
  return copies;
}

async function deleteFiles(storage: FileStore, photos: readonly DraftPhoto[]): Promise<void> {
  await Promise.allSettled(photos.map((p) => storage.delete(p.storageKey)));
}
