import { data, redirect } from "react-router";
import type { RequestFacts } from "#server/app.ts";
import { changePassword, deleteAccount, updateProfile, type AccountChange, type AccountSession } from "./account.server";
import { accountMessages } from "./messages";
import { accountPaths } from "./paths";
import { fail, overLimit, readAccountForm, signOutEverywhere } from "~/features/auth/actions.server";
import { authHeaders, requireUser, type AuthContext } from "~/features/auth/guard.server";
import { authSuccess, invalidRequest, type AuthResult } from "~/features/auth/messages";
import { changePasswordSchema, checkForm, profileSchema } from "~/features/auth/schemas";
import type { RequestOrigin } from "~/features/auth/security-events.server.ts";
import { withFlash } from "~/lib/flash.server";
import type { SessionUser } from "~/lib/session-user";

/**
 * My Account's forms, one function per intent: the account rate limit, the shared schema (400 and
 * the field's message), then the account service, and the answer — a result for the page, or a
 * redirect that hands the browser its new cookies. Each page answers the intents of the forms it
 * shows (`accountAction`); another intent is a 400 and changes nothing.
 */

/** What the account actions read of a loader's context: the session's pieces and the user agent security events record. */
type Ctx = AuthContext & Pick<RequestFacts, "userAgent">;
type Values = Record<string, string>;

function originOf(context: Ctx): RequestOrigin {
  return { ip: context.clientIp || null, userAgent: context.userAgent || null };
}

function sessionOf(request: Request, context: Ctx): AccountSession {
  return { authHeaders: authHeaders(request, context), origin: originOf(context) };
}

/** The refusal (400) of a change better-auth or the password rule turned down. */
function refused(form: "password" | "delete", change: Extract<AccountChange, { ok: false }>) {
  return fail(form, 400, change.title, change.text, change.reasons ? { reasons: change.reasons } : {});
}

function cookiesOf(change: Extract<AccountChange, { ok: true }>): Headers {
  const headers = new Headers();
  for (const cookie of change.setCookies) headers.append("set-cookie", cookie);
  return headers;
}

async function profileAction(context: Ctx, user: SessionUser, values: Values) {
  const limited = await overLimit(context, "account", undefined, user.id);
  if (limited) return limited;
  const checked = checkForm(profileSchema, values);
  if (!checked.ok) return fail("profile", 400, checked.problem.title, checked.problem.text, { field: checked.problem.field });
  await updateProfile(context.services, user.id, checked.data, originOf(context));
  return data<AuthResult>(authSuccess("profile", accountMessages.profileSaved.title, accountMessages.profileSaved.text));
}

/** The old session is gone: redirect with the new session cookie, so the page reloads under it and says so once. */
async function passwordAction(request: Request, context: Ctx, user: SessionUser, values: Values) {
  const limited = await overLimit(context, "account", undefined, user.id);
  if (limited) return limited;
  const checked = checkForm(changePasswordSchema, values);
  if (!checked.ok) return fail("password", 400, checked.problem.title, checked.problem.text, { field: checked.problem.field });
  const change = await changePassword(context.services, user, checked.data, sessionOf(request, context));
  if (!change.ok) return refused("password", change);
  return redirect(accountPaths.security, { headers: await withFlash(context.services.config, accountMessages.passwordChanged, cookiesOf(change)) });
}

async function signOutEverywhereAction(request: Request, context: Ctx) {
  const { headers } = await signOutEverywhere(request, context);
  return redirect("/", { headers });
}

async function deleteAction(request: Request, context: Ctx, user: SessionUser, values: Values) {
  const limited = await overLimit(context, "account", undefined, user.id);
  if (limited) return limited;
  const password = (values.password ?? "").slice(0, 200);
  if (!password) return fail("delete", 400, accountMessages.deleteFailed.title, accountMessages.deletePasswordRequired.text);
  const change = await deleteAccount(context.services, user.id, password, sessionOf(request, context));
  if (!change.ok) return refused("delete", change);
  return redirect("/", { headers: await withFlash(context.services.config, accountMessages.accountDeleted, cookiesOf(change)) });
}

export type AccountIntent = "profile" | "password" | "sign-out-all" | "delete";

/** A My Account page's action: the signed-in person, the form, and the intents that page shows. */
export async function accountAction(request: Request, context: Ctx, intents: readonly AccountIntent[]) {
  const user = await requireUser(request, context);
  const form = await readAccountForm(request);
  if (!form.ok) return form.answer;
  const { values } = form;
  const intent = intents.find((allowed) => allowed === values.intent);
  switch (intent) {
    case "profile":
      return profileAction(context, user, values);
    case "password":
      return passwordAction(request, context, user, values);
    case "sign-out-all":
      return signOutEverywhereAction(request, context);
    case "delete":
      return deleteAction(request, context, user, values);
    default:
      return data(invalidRequest("account"), { status: 400 });
  }
}

/** The action's Set-Cookie (a new session after a password change, cleared cookies) reaches the browser; nothing is cached. */
export function accountHeaders(actionHeaders: Headers): Headers {
  const out = new Headers(actionHeaders);
  out.set("cache-control", "private, no-store");
  return out;
}

/** A settings page's loader: signed in, nothing to read (its forms need no data), never cached. */
export async function accountSettingsLoader(request: Request, context: Ctx) {
  await requireUser(request, context);
  return data(null, { headers: { "cache-control": "private, no-store" } });
}
