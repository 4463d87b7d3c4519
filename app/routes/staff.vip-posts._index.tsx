import { Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ActionResult } from "~/features/staff/components/action-result";
import { ListPage } from "~/features/staff/components/list-page";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { loadStaffList } from "~/features/staff/list-loader.server";
import { vipPostsList } from "~/features/staff/lists/posts.server";
import { noticeFrom } from "~/features/staff/messages";
import { staffMeta } from "~/features/staff/meta";
import type { Route } from "./+types/staff.vip-posts._index";

export const meta: Route.MetaFunction = () => staffMeta("VIP posts");

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await loadStaffList(request, context, vipPostsList)), notice: noticeFrom(request.url) };
}

export default function StaffListPage({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      view={loaderData.view}
      actions={
        <Button asChild size="sm">
          <Link to="/staff/vip-posts/new">
            <Plus aria-hidden="true" />
            New post
          </Link>
        </Button>
      }
    >
      <ActionResult result={loaderData.notice ? { ok: true, ...loaderData.notice } : null} />
    </ListPage>
  );
}

export const ErrorBoundary = StaffRouteError;
