import { data, redirect } from "react-router";
import type { RequestFacts } from "#server/app.ts";
import { record } from "~/features/auth/actions.server";
import { getOptionalUser, requireUser, type AuthContext } from "~/features/auth/guard.server";
import type { SessionUser } from "~/lib/session-user";
import { withFlash } from "~/lib/flash.server";
import { logHoneypot } from "~/lib/forms/forms.server";
import { parseSubmission } from "~/lib/forms/parse";
import { vipMessages } from "./messages";
import { VIP_CODE_FORM, VIP_CODE_MAX_LENGTH, vipBlogPath, vipCodeSchema, type VipCodeResult } from "./schemas";
import {
  countVipLinkFailure,
  getVipMembership,
  verifyVipCode,
  vipLinkFailuresExhausted,
  withinVipFormLimit,
  type VipMembershipSummary,
  type VipVerdict,
} from "./vip.server";

/** The VIP routes' server side: the code form on /early-access and the guards of the members' pages. */
/** What the code checks read of a loader's context: the session's pieces and the user agent security events record. */
type Ctx = AuthContext & Pick<RequestFacts, "userAgent">;

/** Members' pages are personal: never cached, never indexed. */
export const privatePageHeaders = { "cache-control": "private, no-store", "x-robots-tag": "noindex" } as const;

/** Where a refused visitor goes: My Account, with the flash 'Access Denied'. */
export const vipDeniedPath = "/account";

/** A refusal: the field's message for a missing or wrong code, a toast for the rest. */
function refused(reason: "required" | "invalid" | "rate-limited" | "error", status: number, code?: string) {
  const values: Record<string, string> = code === undefined ? {} : { code: code.slice(0, VIP_CODE_MAX_LENGTH) };
  const result: VipCodeResult =
    reason === "required"
      ? { form: VIP_CODE_FORM, status: "invalid", title: vipMessages.invalid.title, message: vipMessages.required, fieldErrors: { code: vipMessages.required }, values }
      : reason === "invalid"
        ? { form: VIP_CODE_FORM, status: "invalid", title: vipMessages.invalid.title, message: vipMessages.invalid.text, fieldErrors: { code: vipMessages.invalid.text }, values }
        : { form: VIP_CODE_FORM, status: "error", title: vipMessages[reason === "rate-limited" ? "rateLimited" : "error"].title, message: vipMessages[reason === "rate-limited" ? "rateLimited" : "error"].text, values };
  return data<VipCodeResult>(result, { status, headers: status === 429 ? { "retry-after": "900" } : undefined });
}

async function afterValidCode(context: Ctx, verdict: Extract<VipVerdict, { valid: true }>, user: SessionUser | null) {
  if (verdict.membershipAttached && user) {
    await record(context, { type: "vip_membership_added", userId: user.id, details: { source: verdict.source } });
  }
}

/**
 * 'Enter VIP Blog'. A fetcher (JavaScript) gets `{ status: "success", next }` and shows the toast
 * before it moves on; a plain POST is redirected straight to the blog. Wrong, missing and
 * rate-limited codes re-render the page with the message (status 400/429); nothing is written.
 */
export async function vipCodeAction(request: Request, context: Ctx, formData: FormData) {
  const { services } = context;
  const viaFetcher = formData.get("via") === "fetcher";
  const parsed = parseSubmission(vipCodeSchema, formData);
  const raw = formData.get("code");
  const typed = typeof raw === "string" ? raw.slice(0, 1000) : "";
  if (!parsed.ok && parsed.honeypot) {
    // Success would open the members' blog: the bot gets the wrong-code answer, unchecked.
    logHoneypot(context, VIP_CODE_FORM);
    return refused("invalid", 400);
  }
  if (!parsed.ok) {
    const tooLong = typed.trim().length > 0;
    return refused(tooLong ? "invalid" : "required", 400, tooLong ? undefined : typed);
  }
  const code = parsed.data.code;
  try {
    if (!(await withinVipFormLimit(services, context.clientIp))) {
      services.logger.warn({ form: "vip-code", ip: context.clientIp }, "VIP code rate limit reached");
      await record(context, { type: "rate_limited", details: { limit: "vip-code-form" } });
      return refused("rate-limited", 429, typed);
    }
    const user = await getOptionalUser(request, context);
    const verdict = await verifyVipCode(services, code, { userId: user?.id });
    if (!verdict.valid) {
      services.logger.info({ ip: context.clientIp }, "wrong VIP code entered");
      await record(context, { type: "vip_code_rejected", userId: user?.id ?? null, details: { via: "form" } });
      return refused("invalid", 400, typed);
    }
    await afterValidCode(context, verdict, user);
    const next = vipBlogPath(code);
    if (viaFetcher) return data<VipCodeResult>({ form: VIP_CODE_FORM, status: "success", next });
    // Without JavaScript (or before the form has hydrated) the blog says what the toast would have.
    return redirect(next, { headers: await withFlash(context.services.config, { kind: "success", ...vipMessages.verified }) });
  } catch (error) {
    services.logger.error({ err: error }, "VIP code check failed");
    return refused("error", 503, typed);
  }
}

/** The redirect that refuses a VIP page (thrown by the caller). */
async function denied(context: Ctx, why: string): Promise<Response> {
  context.services.logger.warn({ ip: context.clientIp, why }, "VIP page refused");
  return redirect(vipDeniedPath, { headers: await withFlash(context.services.config, vipMessages.denied, { "cache-control": "no-store" }) });
}

/**
 * /early-access-blog?code=…: the code is checked here, before anything members-only is rendered.
 * Missing, wrong or (after too many wrong tries from this address) unchecked → My Account with
 * 'Access Denied'. A check that fails unexpectedly is logged and treated the same way (spec 001 §2).
 */
export async function requireVipCode(request: Request, context: Ctx): Promise<{ code: string }> {
  const { services } = context;
  const code = (new URL(request.url).searchParams.get("code") ?? "").trim();
  if (!code) throw await denied(context, "no code");
  try {
    if (await vipLinkFailuresExhausted(services, context.clientIp)) {
      await record(context, { type: "rate_limited", details: { limit: "vip-code-link" } });
      throw await denied(context, "too many wrong codes from this address");
    }
    const user = await getOptionalUser(request, context);
    const verdict = await verifyVipCode(services, code, { userId: user?.id });
    if (!verdict.valid) {
      await countVipLinkFailure(services, context.clientIp);
      await record(context, { type: "vip_code_rejected", userId: user?.id ?? null, details: { via: "link" } });
      throw await denied(context, "wrong code");
    }
    await afterValidCode(context, verdict, user);
    return { code };
  } catch (error) {
    if (error instanceof Response) throw error;
    services.logger.error({ err: error }, "VIP access check failed");
    throw await denied(context, "check failed");
  }
}

/**
 * /secret-blog: sign-in required (signed-out visitors go to /auth and come back), then VIP
 * membership; other accounts go to My Account with 'Access Denied'.
 */
export async function requireVipMember(request: Request, context: Ctx): Promise<{ user: SessionUser; membership: VipMembershipSummary }> {
  const user = await requireUser(request, context);
  let membership: VipMembershipSummary | null;
  try {
    membership = await getVipMembership(context.services.db, user.id);
  } catch (error) {
    context.services.logger.error({ err: error }, "VIP membership check failed");
    throw await denied(context, "check failed");
  }
  if (!membership) throw await denied(context, "not a member");
  return { user, membership };
}
