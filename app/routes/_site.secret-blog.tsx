import { Crown } from "lucide-react";
import { data, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatLongDate } from "~/content/dates";
import { privatePageHeaders, requireVipMember } from "~/features/vip/access.server";
import { DiyVersusPro, VipBenefits, VipPostList, VipSection } from "~/features/vip/vip-blog-sections";
import { listPublishedVipPosts } from "~/features/vip/vip.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/_site.secret-blog";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "VIP Members", description: "The members' page for FixiT VIP members.", path: "/secret-blog", noindex: true });

/**
 * /secret-blog (the members' VIP page): sign-in required, then VIP membership.
 * Signed-out visitors go to /auth and come back; other accounts go to My Account with 'Access Denied'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, membership } = await requireVipMember(request, context);
  const posts = await listPublishedVipPosts(context.services.db);
  return data({ name: user.name, memberSince: membership.since, posts, today: new Date().toISOString() }, { headers: privatePageHeaders });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function SecretBlog({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // 'Loading exclusive content...' only while the posts are being (re)loaded on a client navigation.
  const loading = navigation.state === "loading" && navigation.location.pathname === "/secret-blog";
  const firstName = loaderData.name.split(/\s+/)[0] || loaderData.name;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6 lg:py-14">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">Members only</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">VIP members&rsquo; area</h1>
      </header>
      <Card tone="featured">
        <CardHeader>
          <Badge variant="accent">
            <Crown aria-hidden="true" />
            VIP member
          </Badge>
          <CardTitle as="h2" size="lg">
            {`Welcome, ${firstName}`}
          </CardTitle>
          <CardDescription size="lg">
            Thank you for supporting FixiT early. This is your members&rsquo; page: posts from the team, a guide to what to do yourself and what to
            book, and your benefits.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">VIP member since {formatLongDate(new Date(loaderData.memberSince))}.</p>
        </CardContent>
      </Card>

      <VipSection id="posts" title="Exclusive posts" description="Members-only posts, newest first.">
        <VipPostList posts={loaderData.posts} loading={loading} />
      </VipSection>

      <DiyVersusPro />
      <VipBenefits today={new Date(loaderData.today)} />
    </div>
  );
}
