import { Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ActionResult } from "~/features/staff/components/action-result";
import { ConfirmAction } from "~/features/staff/components/confirm-action";
import { PageHeader, Panel } from "~/features/staff/components/page-header";
import { PostForm } from "~/features/staff/components/post-form";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { loadVipPost } from "~/features/staff/lists/posts.server";
import { vipPostParsing, vipPostSchema } from "~/features/staff/post-schema";
import { checkStaffForm, readStaffForm, staffAnswer, staffBadRequest } from "~/features/staff/respond.server";
import { withFlash } from "~/lib/flash.server";
import { staffMeta } from "~/features/staff/meta";
import { deleteVipPost, postProblem, setVipPostPublished, updateVipPost } from "~/features/staff/posts-admin.server";
import type { Route } from "./+types/staff.vip-posts.$id";

export const meta: Route.MetaFunction = ({ data: loaded }) => staffMeta(loaded ? `Edit: ${loaded.post.title}` : "VIP post");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const post = await loadVipPost(context.services.db, parseId(params.id) ?? notFound());
  if (!post) notFound();
  return { post };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.id) ?? notFound();
  const { db, config } = context.services;
  const read = await readStaffForm(request);
  if (!read.ok) return read.answer;
  const { form } = read;
  switch (form.get("intent")) {
    case "save": {
      const checked = checkStaffForm(vipPostSchema, form, () => postProblem, vipPostParsing);
      if (!checked.ok) return checked.answer;
      return staffAnswer(await updateVipPost(db, user, id, checked.data));
    }
    case "publish":
      return staffAnswer(await setVipPostPublished(db, user, id, true));
    case "unpublish":
      return staffAnswer(await setVipPostPublished(db, user, id, false));
    case "delete": {
      const outcome = await deleteVipPost(db, user, id);
      if (!outcome.ok) return staffAnswer(outcome);
      return redirect("/staff/vip-posts", { headers: await withFlash(config, { kind: "success", title: outcome.title, text: outcome.text }) });
    }
    default:
      return staffBadRequest();
  }
}

export default function EditVipPost({ loaderData: { post }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const published = post.publishedAt !== null;
  const toggling = navigation.state === "submitting" && ["publish", "unpublish"].includes(String(navigation.formData?.get("intent")));
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/vip-posts", label: "VIP posts" }}
        title={post.title}
        badge={<StatusBadge status={published ? "published" : "draft"} />}
        description={published ? `Published ${formatDateTime(post.publishedAt)} · last edited ${formatDateTime(post.updatedAt)}` : `Draft · last edited ${formatDateTime(post.updatedAt)}`}
      />
      <ActionResult result={actionData} />
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(18rem,1fr)]">
        <Panel title="Post" id="post">
          <PostForm
            key={post.updatedAt.toString()}
            values={{ title: post.title, excerpt: post.excerpt, content: post.content, category: post.category, author: post.author, tags: post.tags.join(", ") }}
            serverErrors={actionData?.status === "invalid" ? actionData.fieldErrors : undefined}
            submits={[{ intent: "save", label: "Save changes" }]}
          />
        </Panel>
        <div className="flex flex-col gap-5">
          <Panel title={published ? "Published" : "Not published"} id="publishing">
            <div className="flex flex-col gap-3">
              <p className="text-sm">{published ? "VIP members can read this post." : "Only staff can see this draft."}</p>
              <Form method="post">
                <input type="hidden" name="intent" value={published ? "unpublish" : "publish"} />
                <Button type="submit" variant={published ? "outline" : "default"} loading={toggling}>
                  {published ? "Unpublish" : "Publish"}
                </Button>
              </Form>
            </div>
          </Panel>
          <Panel title="Delete" id="delete">
            <div className="flex flex-col gap-3">
              <p className="text-sm">Deleting removes the post for good. Unpublish it instead if you may want it back.</p>
              <ConfirmAction
                name="delete"
                intent="delete"
                trigger="Delete post"
                title="Delete this post?"
                description={`"${post.title}" will be removed from the VIP blog and cannot be restored.`}
                confirmLabel="Delete for good"
              />
            </div>
          </Panel>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
