import { z } from "zod";
import { vipMessages } from "./messages";

/** No issued or campaign code is this long; longer input is refused as a wrong code, without a query. */
export const VIP_CODE_MAX_LENGTH = 100;

/**
 * The VIP code form, checked in the browser for instant feedback and again by the action. Only
 * presence and length: whether a code is right is decided on the server, case-sensitively.
 */
export const vipCodeSchema = z.object({
  code: z.string().trim().min(1, vipMessages.required).max(VIP_CODE_MAX_LENGTH, vipMessages.invalid.text),
});

/** What the code action answers a fetcher (a browser without JavaScript gets a redirect or the page). */
export type VipCodeResult =
  | { form: "vip-code"; status: "success"; next: string }
  | { form: "vip-code"; status: "refused"; reason: "required" | "invalid" | "rate-limited" | "error"; message: string; code?: string };

export function isVipCodeResult(value: unknown): value is VipCodeResult {
  return typeof value === "object" && value !== null && (value as { form?: unknown }).form === "vip-code";
}

/** The blog link a verified code leads to. */
export function vipBlogPath(code: string): string {
  return `/early-access-blog?code=${encodeURIComponent(code)}`;
}
