import type { Db, DbOrTx } from "#server/db/client.ts";
import { deleteVipPostRow, insertVipPost, setVipPostPublishedAt, updateVipPostWords } from "~/features/vip/posts-and-codes.server";
import { recordStaffAction } from "#server/audit-log.ts";
import { actorOf, type StaffUser } from "./guard.server";
import { done, refused, type StaffOutcome } from "./messages";
import type { VipPostInput } from "./post-schema";

/** Creating, editing, publishing, unpublishing and deleting VIP posts; each change audited in its transaction. */

/** What a post form that fails its schema says above the field messages. */
export const postProblem = { title: "Check the post", text: "Some fields need attention." };

const missing = () => refused("not-found", "Not found", "The post no longer exists.");

/** A new post (a draft unless `publish`); its id. */
export async function createVipPost(db: Db, actor: StaffUser, post: VipPostInput, publish: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const id = await insertVipPost(tx as DbOrTx, post, publish ? now : null, now);
    await recordStaffAction(tx as DbOrTx, actorOf(actor), {
      action: "vip_post.create",
      targetType: "vip_post",
      targetId: id,
      details: { title: post.title, published: publish },
    });
    return id;
  });
}

export async function updateVipPost(db: Db, actor: StaffUser, id: number, post: VipPostInput): Promise<StaffOutcome> {
  const found = await db.transaction(async (tx) => {
    if (!(await updateVipPostWords(tx as DbOrTx, id, post))) return false;
    await recordStaffAction(tx as DbOrTx, actorOf(actor), { action: "vip_post.update", targetType: "vip_post", targetId: id, details: { title: post.title } });
    return true;
  });
  return found ? done("Post saved", "Your changes are saved.") : missing();
}

export async function setVipPostPublished(db: Db, actor: StaffUser, id: number, publish: boolean): Promise<StaffOutcome> {
  const found = await db.transaction(async (tx) => {
    const title = await setVipPostPublishedAt(tx as DbOrTx, id, publish);
    if (title === null) return false;
    await recordStaffAction(tx as DbOrTx, actorOf(actor), {
      action: publish ? "vip_post.publish" : "vip_post.unpublish",
      targetType: "vip_post",
      targetId: id,
      details: { title },
    });
    return true;
  });
  if (!found) return missing();
  return publish ? done("Post published", "VIP members can read it now.") : done("Post unpublished", "It is a draft again; members no longer see it.");
}

export async function deleteVipPost(db: Db, actor: StaffUser, id: number): Promise<StaffOutcome> {
  const found = await db.transaction(async (tx) => {
    const title = await deleteVipPostRow(tx as DbOrTx, id);
    if (title === null) return false;
    await recordStaffAction(tx as DbOrTx, actorOf(actor), { action: "vip_post.delete", targetType: "vip_post", targetId: id, details: { title } });
    return true;
  });
  return found ? done("Post deleted", "The post is gone from the VIP blog.") : missing();
}
