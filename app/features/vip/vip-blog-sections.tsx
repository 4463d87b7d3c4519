import { CheckCircle2, Crown, Gift, Home, Leaf, Loader, Megaphone, Snowflake, Sparkles, Thermometer, Users, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Logo } from "~/components/layout/logo";
import { formatLongDate } from "~/content/dates";
import { communityUpdates, diyVersusPro, maintenanceTips, progressStatusLabel, progressUpdate, promotions, vipBenefits } from "./content";
import { previewLimits, truncatePreview } from "./truncate";

/** The pieces of the VIP pages. Presentational: the routes load the data and check access. */

export type VipPost = {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  author: string;
  tags: string[];
  publishedAt: string;
};

export function VipSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The blog's own header (the page stands outside the site layout): a Home button and a VIP Access badge. */
export function VipBlogHeader() {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex items-center gap-3">
          <Logo />
          <Badge variant="accent">
            <Crown aria-hidden="true" />
            VIP Access
          </Badge>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/">
            <Home aria-hidden="true" />
            Home
          </Link>
        </Button>
      </div>
    </header>
  );
}

export function ProgressUpdateCard() {
  return (
    <Card tone="primary">
      <CardHeader>
        <p className="text-sm font-medium text-muted-foreground">
          <time dateTime={progressUpdate.date}>{formatLongDate(new Date(`${progressUpdate.date}T12:00:00Z`))}</time>
        </p>
        <CardTitle as="h2" id="progress-heading" size="lg">
          {progressUpdate.title}
        </CardTitle>
        <CardDescription size="lg">{progressUpdate.intro}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {progressUpdate.items.map((item) => (
            <li key={item.label} className="flex items-start gap-3">
              {item.status === "done" ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              ) : (
                <Loader aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
              )}
              <div className="flex flex-col gap-0.5">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {item.label}
                  <Badge variant={item.status === "done" ? "success" : "warning"}>{progressStatusLabel[item.status]}</Badge>
                </p>
                <p className="text-sm text-muted-foreground">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}


const tipIcons: Record<string, ReactNode> = {
  winter: <Snowflake aria-hidden="true" className="size-5 text-primary" />,
  monthly: <Wrench aria-hidden="true" className="size-5 text-primary" />,
  energy: <Thermometer aria-hidden="true" className="size-5 text-primary" />,
  seasonal: <Leaf aria-hidden="true" className="size-5 text-primary" />,
};

export function MaintenanceTips() {
  return (
    <VipSection id="tips" title="Home-maintenance tips" description="Small jobs that save big bills, in four groups.">
      <div className="grid gap-4 md:grid-cols-2">
        {maintenanceTips.map((group) => (
          <Card key={group.id} spacing="snug">
            <CardHeader>
              <div className="flex items-center gap-2">
                {tipIcons[group.id]}
                <CardTitle id={`tips-${group.id}`}>{group.title}</CardTitle>
              </div>
            </CardHeader>
            <CardContent>
              <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
                {group.tips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>
    </VipSection>
  );
}

export function VipPromotions() {
  return (
    <VipSection id="promotions" title="Offers for every customer">
      <div className="grid gap-4 md:grid-cols-2">
        {promotions.map((promotion) => (
          <Card key={promotion.id} tone="featured" spacing="snug">
            <CardHeader>
              <div className="flex items-center gap-2">
                {promotion.id === "referral" ? <Users aria-hidden="true" className="size-5 text-primary" /> : <Gift aria-hidden="true" className="size-5 text-primary" />}
                <CardTitle id={`promotion-${promotion.id}`}>{promotion.title}</CardTitle>
              </div>
            </CardHeader>
            <CardContent className="flex flex-col gap-1">
              <p className="text-xl font-bold">{promotion.headline}</p>
              <p className="text-sm text-muted-foreground">{promotion.text}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </VipSection>
  );
}

export function CommunityUpdates() {
  return (
    <VipSection id="community" title="Community updates">
      <ul className="grid gap-4 md:grid-cols-3">
        {communityUpdates.map((update) => (
          <li key={update.title} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-5">
            <p className="flex items-center gap-2 font-semibold">
              <Megaphone aria-hidden="true" className="size-4 text-primary" />
              {update.title}
            </p>
            <p className="text-sm text-muted-foreground">{update.text}</p>
            {"link" in update ? (
              <Link to={update.link.href} className="text-sm font-medium text-primary underline underline-offset-4">
                {update.link.label}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </VipSection>
  );
}

/**
 * One post: the excerpt cut at 150 characters and the content at 300 (truncate.ts), then the whole
 * post in a native disclosure — keyboard and screen-reader friendly, and it works without JavaScript.
 */
export function VipPostCard({ post }: { post: VipPost }) {
  const headingId = `vip-post-${post.id}`;
  const contentPreview = truncatePreview(post.content, previewLimits.content);
  const hasMore = contentPreview.endsWith("…");
  const paragraphs = post.content.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <article aria-labelledby={headingId} className="group/post flex flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-card sm:p-6">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Badge variant="secondary">{post.category}</Badge>
        <span>
          {post.author} · <time dateTime={post.publishedAt}>{formatLongDate(new Date(post.publishedAt))}</time>
        </span>
      </div>
      <h3 id={headingId} className="text-xl leading-snug font-semibold">
        {post.title}
      </h3>
      <p className="font-medium" data-preview="excerpt">
        {truncatePreview(post.excerpt, previewLimits.excerpt)}
      </p>
      <p className="text-muted-foreground group-has-[details[open]]/post:hidden" data-preview="content">
        {contentPreview}
      </p>
      {hasMore ? (
        <details className="group/details">
          <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            <span className="group-open/details:hidden">Read the full post</span>
            <span className="hidden group-open/details:inline">Show less</span>
            <span className="sr-only">: {post.title}</span>
          </summary>
          <div className="mt-2 flex flex-col gap-3">
            {paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </details>
      ) : null}
      {post.tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="outline">#{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** The posts, newest first; while a client navigation reloads them, a loading line; when none, an empty state. */
export function VipPostList({ posts, loading = false }: { posts: readonly VipPost[]; loading?: boolean }) {
  if (loading) {
    return (
      <p role="status" className="flex items-center gap-2 rounded-xl border border-dashed border-border p-6 text-muted-foreground">
        <Loader aria-hidden="true" className="size-5 animate-spin" />
        Loading exclusive content...
      </p>
    );
  }
  if (posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border p-8 text-center">
        <Sparkles aria-hidden="true" className="size-6 text-primary" />
        <p className="font-semibold">No posts yet</p>
        <p className="text-sm text-muted-foreground">The first members-only posts are on their way. Check back soon.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {posts.map((post) => (
        <VipPostCard key={post.id} post={post} />
      ))}
    </div>
  );
}

export function DiyVersusPro() {
  return (
    <VipSection id="diy-vs-pro" title={diyVersusPro.title} description={diyVersusPro.intro}>
      <div className="overflow-x-auto rounded-xl border border-border bg-card" role="region" aria-label="Comparison table" tabIndex={0}>
        <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
          <caption className="sr-only">{diyVersusPro.title}: doing it yourself compared with booking a professional</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="p-3 font-semibold">
                <span className="sr-only">Aspect</span>
              </th>
              <th scope="col" className="p-3 font-semibold">
                Do it yourself
              </th>
              <th scope="col" className="p-3 font-semibold">
                Book a professional
              </th>
            </tr>
          </thead>
          <tbody>
            {diyVersusPro.rows.map((row) => (
              <tr key={row.aspect} className="border-t border-border align-top">
                <th scope="row" className="p-3 font-semibold">
                  {row.aspect}
                </th>
                <td className="p-3">{row.diy}</td>
                <td className="p-3">{row.pro}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </VipSection>
  );
}

export function VipBenefits({ today }: { today: Date }) {
  return (
    <VipSection id="vip-benefits" title="Your VIP benefits">
      <ul className="grid gap-3 sm:grid-cols-2">
        {vipBenefits(today).map((benefit) => (
          <li key={benefit} className="flex items-start gap-3 rounded-lg border border-border bg-card p-4 text-sm">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            {benefit}
          </li>
        ))}
      </ul>
    </VipSection>
  );
}
