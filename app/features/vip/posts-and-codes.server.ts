import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { vipCodes, vipPosts } from "#server/db/schema/vip.ts";

/**
 * The VIP blog's posts and the VIP codes as the staff console changes them (decision 089): each
 * function runs in the caller's transaction, which also writes the audit entry.
 */

export type VipPostWords = Pick<typeof vipPosts.$inferInsert, "title" | "excerpt" | "content" | "category" | "author" | "tags">;

/** A new post, published now when `publishedAt` is set; its id. */
export async function insertVipPost(tx: DbOrTx, post: VipPostWords, publishedAt: Date | null, now: Date): Promise<number> {
  const [row] = await tx
    .insert(vipPosts)
    .values({ ...post, publishedAt, createdAt: now, updatedAt: now })
    .returning({ id: vipPosts.id });
  return row!.id;
}

/** Saves a post's words; false when there is no such post. */
export async function updateVipPostWords(tx: DbOrTx, id: number, post: VipPostWords): Promise<boolean> {
  const rows = await tx.update(vipPosts).set({ ...post, updatedAt: new Date() }).where(eq(vipPosts.id, id)).returning({ id: vipPosts.id });
  return rows.length > 0;
}

/** Publishes (now) or unpublishes a post; its title, or null when there is no such post. */
export async function setVipPostPublishedAt(tx: DbOrTx, id: number, publish: boolean): Promise<string | null> {
  const rows = await tx
    .update(vipPosts)
    .set({ publishedAt: publish ? new Date() : null, updatedAt: new Date() })
    .where(eq(vipPosts.id, id))
    .returning({ id: vipPosts.id, title: vipPosts.title });
  return rows[0]?.title ?? null;
}

/** Deletes a post; its title, or null when there is no such post. */
export async function deleteVipPostRow(tx: DbOrTx, id: number): Promise<string | null> {
  const rows = await tx.delete(vipPosts).where(eq(vipPosts.id, id)).returning({ id: vipPosts.id, title: vipPosts.title });
  return rows[0]?.title ?? null;
}

/** Revokes a code not yet revoked; its hint, or null when there is none such. */
export async function revokeVipCodeRow(tx: DbOrTx, codeId: number): Promise<string | null> {
  const rows = await tx
    .update(vipCodes)
    .set({ revokedAt: new Date() })
    .where(and(eq(vipCodes.id, codeId), isNull(vipCodes.revokedAt)))
    .returning({ id: vipCodes.id, codeHint: vipCodes.codeHint });
  return rows[0]?.codeHint ?? null;
}
