import { defineSchema } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import { vipMessages } from "./messages";

/** No issued or campaign code is this long; longer input is refused as a wrong code, without a query. */
export const VIP_CODE_MAX_LENGTH = 100;

/**
 * The VIP code form, checked in the browser for instant feedback and again by the action. Only
 * presence and length: whether a code is right is decided on the server, case-sensitively. Written
 * without zod: /early-access would otherwise load zod (22 KB gzipped) for these two checks.
 */
export const vipCodeSchema = defineSchema<{ code: string }>((values) => {
  const code = typeof values.code === "string" ? values.code.trim() : "";
  if (!code) return { ok: false, field: "code", message: vipMessages.required };
  if (code.length > VIP_CODE_MAX_LENGTH) return { ok: false, field: "code", message: vipMessages.invalid.text };
  return { ok: true, data: { code } };
});

export const VIP_CODE_FORM = "vip-code";

/**
 * What the code action answers a fetcher (a browser without JavaScript gets a redirect or the page):
 * success with the blog to open `next`; a missing or wrong code is `invalid` (the field's message);
 * too many tries and failed checks are `error`.
 */
export type VipCodeResult = FormResult<{ form: typeof VIP_CODE_FORM; next?: string }>;

/** The blog link a verified code leads to. */
export function vipBlogPath(code: string): string {
  return `/early-access-blog?code=${encodeURIComponent(code)}`;
}
