import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { fieldsOf } from "#server/db/projection.ts";
import type { Db } from "#server/db/client.ts";
import { type VipPost, vipPostsView } from "~/features/vip/projections.server";
import { defineList, keyset, searchAny } from "./define";

const t = vipPostsView;

function where(query: { q: string; filters: Record<string, string> }) {
  const state = query.filters.state === "published" ? isNotNull(t.publishedAt) : query.filters.state === "draft" ? isNull(t.publishedAt) : undefined;
  return and(state, searchAny(query.q, [t.title, t.excerpt, t.author, t.category, sql`${t.tags}::text`]));
}

export const vipPostsList = defineList<VipPost>({
  id: "vip-posts",
  title: "VIP posts",
  description: "Members-only posts on the VIP blog. Drafts are visible to staff only.",
  path: "/staff/vip-posts",
  searchLabel: "Search title, excerpt, author, category or tag",
  emptyText: "No VIP posts yet. Write the first one.",
  create: { href: "/staff/vip-posts/new", label: "New post" },
  filters: [
    {
      name: "state",
      label: "State",
      options: [
        { value: "published", label: "Published" },
        { value: "draft", label: "Draft" },
      ],
    },
  ],
  columns: [
    { key: "title", label: "Title", value: (r) => r.title },
    { key: "category", label: "Category", value: (r) => r.category },
    { key: "author", label: "Author", value: (r) => r.author },
    { key: "state", label: "State", kind: "status", value: (r) => (r.publishedAt ? "published" : "draft") },
    { key: "publishedAt", label: "Published", kind: "datetime", value: (r) => r.publishedAt },
    { key: "updatedAt", label: "Updated", kind: "datetime", value: (r) => r.updatedAt, table: false },
    { key: "tags", label: "Tags", value: (r) => r.tags.join(", "), table: false },
    { key: "excerpt", label: "Excerpt", value: (r) => r.excerpt, table: false },
    { key: "content", label: "Content", value: (r) => r.content, table: false },
    { key: "id", label: "ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/vip-posts/${r.id}`,
// Drafts first (no publication date reads as infinitely new), then the newest published.
  order: keyset("desc", { sql: sql`coalesce(${t.publishedAt}, 'infinity'::timestamptz)`, type: "timestamptz" }, { sql: t.updatedAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) => db.select({ ...fieldsOf(t), ...page.select }).from(t).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

export async function loadVipPost(db: Db, id: number) {
  const [post] = await db.select().from(t).where(eq(t.id, id)).limit(1);
  return post ?? null;
}
