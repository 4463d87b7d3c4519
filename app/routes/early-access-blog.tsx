import { data, useNavigation } from "react-router";
import { DeferredFooter } from "~/components/layout/deferred-footer";
import { openCookiePreferences } from "~/features/consent/consent-store";
import { SkipLink } from "~/components/layout/skip-link";
import { FlashStatus } from "~/components/ui/flash-status";
import { Spinner } from "~/components/ui/spinner";
import { privatePageHeaders, requireVipCode } from "~/features/vip/access.server";
import { vipMessages } from "~/features/vip/messages";
import {
  CommunityUpdates,
  MaintenanceTips,
  ProgressUpdateCard,
  VipBlogHeader,
  VipPostList,
  VipPromotions,
  VipSection,
} from "~/features/vip/vip-blog-sections";
import { listPublishedVipPosts } from "~/features/vip/vip.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/early-access-blog";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "VIP Blog", description: "FixiT's members-only blog for VIP early-access members.", path: "/early-access-blog", noindex: true });

/**
 * /early-access-blog?code=…: the code is checked on the server before anything members-only is
 * sent; a missing or wrong code is redirected to My Account with 'Access Denied'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireVipCode(request, context);
  const posts = await listPublishedVipPosts(context.services.db);
  return data({ posts }, { headers: privatePageHeaders });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** The standalone VIP page: its own header (Home button, VIP Access badge), then the members' content. */
export default function EarlyAccessBlog({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // A spinner only while the server re-checks the code on a client navigation within the blog.
  const checking = navigation.state === "loading" && navigation.location.pathname === "/early-access-blog";
  return (
    <>
      <SkipLink />
      <VipBlogHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6 lg:py-14">
          <header className="flex flex-col gap-3">
            <p className="text-sm font-semibold tracking-wide text-accent uppercase">Members only</p>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">FixiT VIP Blog</h1>
            <p className="max-w-2xl text-lg text-muted-foreground">
              Thank you for backing FixiT early. Here is what we have built, what is next, and a few ways to look after your home.
            </p>
            <FlashStatus className="max-w-2xl" />
            {checking ? <Spinner label={vipMessages.checking} /> : null}
          </header>

          <ProgressUpdateCard />

          <VipSection id="posts" title="Latest from the team" description="Members-only posts, newest first.">
            <VipPostList posts={loaderData.posts} />
          </VipSection>

          <MaintenanceTips />
          <VipPromotions />
          <CommunityUpdates />
        </div>
      </main>
      <DeferredFooter onCookieSettings={openCookiePreferences} />
    </>
  );
}
