import { z } from "~/lib/zod";
import { formatCount } from "~/content/format";

/**
 * The VIP post form (create and edit), shared by the browser and the server. Tags are typed as
 * one comma-separated line and stored as a list (trimmed, empty ones dropped, duplicates removed).
 */
export const POST_LIMITS = { title: 200, excerpt: 500, content: 50_000, category: 80, author: 120, tag: 40, tags: 12 } as const;

const required = (max: number, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Please keep this under ${formatCount(max)} characters.`);

export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.replace(/\s+/g, " ").trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The excerpt and the text keep their line breaks; every other field is one line (~/lib/forms/parse). */
export const vipPostParsing = { multiLine: ["excerpt", "content"] } as const;

export const vipPostSchema = z.object({
  title: required(POST_LIMITS.title, "Please give the post a title."),
  excerpt: required(POST_LIMITS.excerpt, "Please write a short excerpt."),
  content: required(POST_LIMITS.content, "Please write the post."),
  category: required(POST_LIMITS.category, "Please give the post a category."),
  author: required(POST_LIMITS.author, "Please name the author."),
  tags: z
    .string()
    .max(1000, "Please use fewer tags.")
    .default("")
    .transform(parseTags)
    .pipe(
      z
        .array(z.string().max(POST_LIMITS.tag, `Each tag must be under ${POST_LIMITS.tag} characters.`))
        .max(POST_LIMITS.tags, `Please use at most ${POST_LIMITS.tags} tags.`),
    ),
});
export type VipPostInput = z.infer<typeof vipPostSchema>;
export const vipPostFields = ["title", "excerpt", "content", "category", "author", "tags"] as const;
