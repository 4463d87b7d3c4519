import { getTableColumns } from "drizzle-orm";
import { readOnly } from "#server/db/projection.ts";
import { vipCodes, vipMemberships, vipPosts } from "#server/db/schema/vip.ts";

/**
 * Read-only projections of the vip feature's tables for the lists and joins of other features (the staff
 * console above all; decision 089), each named as its table. Nothing writes through them: its own
 * functions change these rows.
 */
export type { VipPost } from "#server/db/schema/vip.ts";

export const vipCodesView = readOnly(vipCodes, getTableColumns(vipCodes));
export const vipMembershipsView = readOnly(vipMemberships, getTableColumns(vipMemberships));
export const vipPostsView = readOnly(vipPosts, getTableColumns(vipPosts));
