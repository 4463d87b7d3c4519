import { timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { vipCodes, vipMemberships, vipPosts } from "#server/db/schema/vip.ts";
import { hashCode } from "#server/security/codes.ts";
import { hitRateLimit, limitUsedUp } from "#server/security/rate-limit.ts";
import type { InfraServices } from "#server/services.ts";
import { VIP_CODE_MAX_LENGTH } from "./schemas";
import type { VipPost } from "./vip-blog-sections";

/**
 * VIP access on the server: codes are checked here and nowhere else (the browser never holds
 * one), memberships are read and attached here, and the members-only posts are read here.
 */
type VipServices = Pick<InfraServices, "db" | "config" | "logger">;

/** Where a valid code came from: a purchase (vip_codes) or the operator's VIP_CAMPAIGN_CODES. */
export type VipCodeSource = "purchase" | "campaign";

export type VipVerdict =
  | { valid: true; source: VipCodeSource; vipCodeId: number | null; membershipAttached: boolean }
  | { valid: false };

/** Compares two codes in constant time, whatever their lengths: both sides are hashed first. */
function sameCode(hashHex: string, candidateHashHex: string): boolean {
  return timingSafeEqual(Buffer.from(hashHex, "hex"), Buffer.from(candidateHashHex, "hex"));
}

/**
 * Checks a VIP code as typed: surrounding spaces are trimmed (pasted codes carry them), case matters. A valid
 * code entered by a signed-in visitor makes the account a VIP member (once; later codes change nothing).
 */
export async function verifyVipCode(services: VipServices, rawCode: string, options: { userId?: string | null } = {}): Promise<VipVerdict> {
  const code = rawCode.trim();
  if (!code || code.length > VIP_CODE_MAX_LENGTH) return { valid: false };
  const hash = hashCode(code);

  // Every campaign code is compared, so the time taken does not say which one (or how many) matched.
  let campaign = false;
  for (const campaignCode of services.config.vipCampaignCodes) {
    if (sameCode(hashCode(campaignCode), hash)) campaign = true;
  }

  let source: VipCodeSource | null = campaign ? "campaign" : null;
  let vipCodeId: number | null = null;
  if (!campaign) {
    const [issued] = await services.db
      .update(vipCodes)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(vipCodes.codeHash, hash), isNull(vipCodes.revokedAt)))
      .returning({ id: vipCodes.id });
    if (issued) {
      source = "purchase";
      vipCodeId = issued.id;
    }
  }
  if (!source) return { valid: false };

  let membershipAttached = false;
  if (options.userId) {
    const attached = await services.db
      .insert(vipMemberships)
      .values({ userId: options.userId, source: source === "purchase" ? "code" : "campaign", vipCodeId })
      .onConflictDoNothing({ target: vipMemberships.userId })
      .returning({ userId: vipMemberships.userId });
    membershipAttached = attached.length > 0;
    if (membershipAttached) services.logger.info({ userId: options.userId, source }, "VIP membership attached by code");
  }
  return { valid: true, source, vipCodeId, membershipAttached };
}

export type VipMembershipSummary = { source: string; since: string };

/** The account's VIP membership, or null. */
export async function getVipMembership(db: Db, userId: string): Promise<VipMembershipSummary | null> {
  const [row] = await db
    .select({ source: vipMemberships.source, createdAt: vipMemberships.createdAt })
    .from(vipMemberships)
    .where(eq(vipMemberships.userId, userId))
    .limit(1);
  return row ? { source: row.source, since: row.createdAt.toISOString() } : null;
}

export async function isVipMember(db: Db, userId: string): Promise<boolean> {
  return (await getVipMembership(db, userId)) !== null;
}

/** Published posts (published_at set and not in the future), newest first. */
export async function listPublishedVipPosts(db: Db, now = new Date()): Promise<VipPost[]> {
  const rows = await db
    .select()
    .from(vipPosts)
    .where(and(isNotNull(vipPosts.publishedAt), lte(vipPosts.publishedAt, now)))
    .orderBy(desc(vipPosts.publishedAt), desc(vipPosts.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    category: row.category,
    author: row.author,
    tags: Array.isArray(row.tags) ? row.tags.filter((tag): tag is string => typeof tag === "string") : [],
    publishedAt: row.publishedAt!.toISOString(),
  }));
}

/**
 * Rate limits for code checks. The form counts every try; the blog link counts only failures, so a
 * member who reloads the blog is never locked out, while guessing through the URL is bounded too.
 */
export const vipCodeLimits = {
  form: { limit: 10, windowMs: 15 * 60 * 1000 },
  link: { limit: 20, windowMs: 15 * 60 * 1000 },
} as const;

/** `npm run bench` sends everything from one address: limits are off there (never in production), as for the forms. */
const limitsOff = (services: VipServices) => services.config.perAddressLimitsOff;

/** Counts one try of the code form from this address; false when over the limit. */
export async function withinVipFormLimit(services: VipServices, ip: string): Promise<boolean> {
  if (limitsOff(services)) return true;
  return (await hitRateLimit(services.db, { key: `vip-code:form:${ip}`, ...vipCodeLimits.form })).allowed;
}

/** True when this address has already used up its failed blog-link checks in the last window. */
export async function vipLinkFailuresExhausted(services: VipServices, ip: string, now = Date.now()): Promise<boolean> {
  if (limitsOff(services)) return false;
  return limitUsedUp(services.db, { key: `vip-code:link:${ip}`, ...vipCodeLimits.link }, now);
}

export async function countVipLinkFailure(services: VipServices, ip: string, now = Date.now()): Promise<void> {
  if (limitsOff(services)) return;
  await hitRateLimit(services.db, { key: `vip-code:link:${ip}`, ...vipCodeLimits.link }, now);
}
