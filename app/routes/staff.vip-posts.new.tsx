import { redirect } from "react-router";
import { ActionResult } from "~/features/staff/components/action-result";
import { PageHeader, Panel } from "~/features/staff/components/page-header";
import { PostForm } from "~/features/staff/components/post-form";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { requireStaff } from "~/features/staff/guard.server";
import { staffFlashes } from "~/features/staff/messages";
import { vipPostParsing, vipPostSchema } from "~/features/staff/post-schema";
import { checkStaffForm, readStaffForm, staffBadRequest } from "~/features/staff/respond.server";
import { withFlash } from "~/lib/flash.server";
import { staffMeta } from "~/features/staff/meta";
import { createVipPost, postProblem } from "~/features/staff/posts-admin.server";
import type { Route } from "./+types/staff.vip-posts.new";

export const meta: Route.MetaFunction = () => staffMeta("New VIP post");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const read = await readStaffForm(request);
  if (!read.ok) return read.answer;
  const { form } = read;
  const intent = form.get("intent");
  if (intent !== "save" && intent !== "publish") return staffBadRequest();
  const checked = checkStaffForm(vipPostSchema, form, () => postProblem, vipPostParsing);
  if (!checked.ok) return checked.answer;
  const publish = intent === "publish";
  const id = await createVipPost(context.services.db, user, checked.data, publish);
  return redirect(`/staff/vip-posts/${id}`, { headers: await withFlash(context.services.config, publish ? staffFlashes.postPublished : staffFlashes.postCreated) });
}

export default function NewVipPost({ actionData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader back={{ href: "/staff/vip-posts", label: "VIP posts" }} title="New VIP post" description="Members read it on the VIP blog once it is published." />
      <ActionResult result={actionData} />
      <Panel title="Post" id="post">
        <PostForm
          values={{ title: "", excerpt: "", content: "", category: "", author: "FixiT Team", tags: "" }}
          serverErrors={actionData?.status === "invalid" ? actionData.fieldErrors : undefined}
          submits={[
            { intent: "save", label: "Save as draft", variant: "outline" },
            { intent: "publish", label: "Publish" },
          ]}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
