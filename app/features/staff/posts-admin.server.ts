import { eq } from "drizzle-orm";
import { data, redirect, type AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { vipPosts } from "#server/db/schema/vip.ts";
import { recordStaffAction } from "./audit.server.ts";
import { checkWith, stringValues } from "./form-values";
import { actorOf, type StaffUser } from "./guard.server";
import type { StaffActionResult } from "./messages";
import { vipPostSchema } from "./post-schema";

/** Creating, editing, publishing, unpublishing and deleting VIP posts; each change audited in its transaction. */

function invalid(fieldErrors: Record<string, string>) {
  return data<StaffActionResult>({ ok: false, title: "Check the post", text: "Some fields need attention.", fieldErrors }, { status: 400 });
}

export async function createVipPost(context: AppLoadContext, actor: StaffUser, form: FormData, publish: boolean) {
  const checked = checkWith(vipPostSchema, stringValues(form));
  if (!checked.ok) return invalid(checked.fieldErrors);
  const id = await context.services.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(vipPosts)
      .values({ ...checked.data, publishedAt: publish ? now : null, createdAt: now, updatedAt: now })
      .returning({ id: vipPosts.id });
    await recordStaffAction(tx as DbOrTx, actorOf(actor), {
      action: "vip_post.create",
      targetType: "vip_post",
      targetId: row!.id,
      details: { title: checked.data.title, published: publish },
    });
    return row!.id;
  });
  return redirect(`/staff/vip-posts/${id}?notice=${publish ? "post-published" : "post-created"}`);
}

export async function updateVipPost(context: AppLoadContext, actor: StaffUser, id: number, form: FormData) {
  const checked = checkWith(vipPostSchema, stringValues(form));
  if (!checked.ok) return invalid(checked.fieldErrors);
  const found = await context.services.db.transaction(async (tx) => {
    const rows = await tx.update(vipPosts).set({ ...checked.data, updatedAt: new Date() }).where(eq(vipPosts.id, id)).returning({ id: vipPosts.id });
    if (!rows[0]) return false;
    await recordStaffAction(tx as DbOrTx, actorOf(actor), { action: "vip_post.update", targetType: "vip_post", targetId: id, details: { title: checked.data.title } });
    return true;
  });
  if (!found) return data<StaffActionResult>({ ok: false, title: "Not found", text: "The post no longer exists." }, { status: 404 });
  return data<StaffActionResult>({ ok: true, title: "Post saved", text: "Your changes are saved." });
}

export async function setVipPostPublished(context: AppLoadContext, actor: StaffUser, id: number, publish: boolean) {
  const found = await context.services.db.transaction(async (tx) => {
    const rows = await tx
      .update(vipPosts)
      .set({ publishedAt: publish ? new Date() : null, updatedAt: new Date() })
      .where(eq(vipPosts.id, id))
      .returning({ id: vipPosts.id, title: vipPosts.title });
    if (!rows[0]) return false;
    await recordStaffAction(tx as DbOrTx, actorOf(actor), {
      action: publish ? "vip_post.publish" : "vip_post.unpublish",
      targetType: "vip_post",
      targetId: id,
      details: { title: rows[0].title },
    });
    return true;
  });
  if (!found) return data<StaffActionResult>({ ok: false, title: "Not found", text: "The post no longer exists." }, { status: 404 });
  return data<StaffActionResult>(
    publish
      ? { ok: true, title: "Post published", text: "VIP members can read it now." }
      : { ok: true, title: "Post unpublished", text: "It is a draft again; members no longer see it." },
  );
}

export async function deleteVipPost(context: AppLoadContext, actor: StaffUser, id: number) {
  const found = await context.services.db.transaction(async (tx) => {
    const rows = await tx.delete(vipPosts).where(eq(vipPosts.id, id)).returning({ id: vipPosts.id, title: vipPosts.title });
    if (!rows[0]) return false;
    await recordStaffAction(tx as DbOrTx, actorOf(actor), { action: "vip_post.delete", targetType: "vip_post", targetId: id, details: { title: rows[0].title } });
    return true;
  });
  if (!found) return data<StaffActionResult>({ ok: false, title: "Not found", text: "The post no longer exists." }, { status: 404 });
  return redirect("/staff/vip-posts?notice=post-deleted");
}
