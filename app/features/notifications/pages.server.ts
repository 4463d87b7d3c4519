import { data, redirect } from "react-router";
import type { InfraServices } from "#server/services.ts";
import { formAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { parseId } from "~/lib/ids";
import { parseSubmission, firstError } from "~/lib/forms/parse";
import { withFlash } from "~/lib/flash.server";
import type { SessionUser } from "~/lib/session-user";
import { notificationsCopy } from "./copy";
import { kindsFor, notificationKinds, notificationPaths, type NotificationKind } from "./kinds";
import { applyUnsubscribe, markAllRead, markRead, notificationLink, savePreferences } from "./notifications.server";
import { emailPreferencesSchema, markReadSchema, PUSH_CHOICES_SHOWN, pushPreferenceField } from "./schemas";
import { savePushChoices } from "./push.server";
import { verifyUnsubscribeToken, type UnsubscribeScope } from "./unsubscribe-token.server";

/** The notifications pages' server side: the list's forms, the email-preferences form, the unsubscribe link. */

/** What these pages read of a loader's context: the database, the settings and a logger. */
type PageContext = { services: Pick<InfraServices, "db" | "config" | "logger"> };
const privateHeaders = { "cache-control": "private, no-store" };
/** The list's and the preferences form's answers: the one `FormResult` shape (decision 020), private and never stored. */
const refusal = (message: string, status = 400) => formAnswer(status, { form: "notifications", status: "error", message });
const done = (message?: string) => formAnswer(200, { form: "notifications", status: "success", message });

/** Mark one (its owner only: anyone else's is 404) or all as read. */
export async function notificationsAction(request: Request, context: PageContext, user: SessionUser) {
  const form = await readTextForm(request);
  if (!form) return refusal(notificationsCopy.badRequest);
  const parsed = parseSubmission(markReadSchema, form, { fields: ["intent", "id"] });
  if (!parsed.ok) return refusal(firstError(parsed.fieldErrors)?.message ?? notificationsCopy.badRequest);
  if (parsed.data.intent === "read-all") {
    const marked = await markAllRead(context.services.db, user.id);
    return done(notificationsCopy.markedAll(marked));
  }
  const own = await markRead(context.services.db, user.id, parsed.data.id);
  if (!own) return refusal(notificationsCopy.notFound, 404);
  return done();
}

/** Opening a notification from the list (a POST) marks it read and goes where it points (303). */
export async function openNotification(context: PageContext, user: SessionUser, rawId: string | undefined) {
  const id = parseId(rawId);
  return toWhereItPoints(id === null ? null : await markRead(context.services.db, user.id, id), 303);
}

/** A GET of a notification's address only goes where it points: a GET never writes (decision 090). */
export async function notificationTarget(context: PageContext, user: SessionUser, rawId: string | undefined) {
  const id = parseId(rawId);
  return toWhereItPoints(id === null ? null : await notificationLink(context.services.db, user.id, id), 302);
}

function toWhereItPoints(own: { link: string } | null, status: 302 | 303) {
  if (!own) throw data(notificationsCopy.notFound, { status: 404, headers: privateHeaders });
  // Written by the server as a path; checked again so a row edited by hand cannot send anyone off-site.
  const target = own.link.startsWith("/") && !own.link.startsWith("//") ? own.link : notificationPaths.list;
  return redirect(target, { status, headers: privateHeaders });
}

/** The account page's email-preferences form: the kinds this person is offered; a bad value is 400 and nothing changes. */
export async function emailPreferencesAction(request: Request, context: PageContext, user: SessionUser) {
  const form = await readTextForm(request);
  if (!form) return refusal(notificationsCopy.badRequest);
  const parsed = parseSubmission(emailPreferencesSchema, form);
  if (!parsed.ok) return refusal(firstError(parsed.fieldErrors)?.message ?? notificationsCopy.badRequest);
  const offered = kindsFor(user.approvedFixer);
  await savePreferences(context.services.db, user.id, offered, parsed.data);
  if (form.get(PUSH_CHOICES_SHOWN) === "1") {
    await savePushChoices(context.services.db, user.id, offered, Object.fromEntries(offered.map((kind) => [kind, form.get(pushPreferenceField(kind)) === "on"])));
  }
  return redirect(notificationPaths.settings, { headers: await withFlash(context.services.config, { kind: "success", ...notificationsCopy.preferences.saved }, privateHeaders) });
}

const scopeLabel = (kind: UnsubscribeScope) => (kind === "digest" ? notificationsCopy.unsubscribe.digestWhat : notificationKinds[kind as NotificationKind].label);

export type UnsubscribePage = { state: "confirm" | "done"; what: string } | { state: "refused"; message: string };

function checkToken(request: Request, context: PageContext) {
  const token = new URL(request.url).searchParams.get("token");
  return verifyUnsubscribeToken(context.services.config.sessionSecret, token);
}

const refusedPage = (reason: "invalid" | "expired") =>
  data({ state: "refused", message: reason === "expired" ? notificationsCopy.unsubscribe.expired : notificationsCopy.unsubscribe.invalid } satisfies UnsubscribePage, {
    status: reason === "expired" ? 410 : 400,
    headers: privateHeaders,
  });

/** GET: a page with one button (a link scanner following the URL changes nothing). */
export function unsubscribeLoader(request: Request, context: PageContext) {
  const checked = checkToken(request, context);
  if (!checked.ok) return refusedPage(checked.reason);
  return data({ state: "confirm", what: scopeLabel(checked.claim.kind) } satisfies UnsubscribePage, { headers: privateHeaders });
}

/** The page's button: unsubscribes at once, no sign-in. */
export async function unsubscribeAction(request: Request, context: PageContext) {
  const checked = checkToken(request, context);
  if (!checked.ok) return refusedPage(checked.reason);
  await applyUnsubscribe(context.services.db, checked.claim);
  context.services.logger.info({ kind: checked.claim.kind }, "unsubscribed from the page");
  return data({ state: "done", what: scopeLabel(checked.claim.kind) } satisfies UnsubscribePage, { headers: privateHeaders });
}

/**
 * The List-Unsubscribe URL. POST is RFC 8058's one-click, sent by a mail provider from its own
 * servers (no cookie, any origin: the token is the authority), answered with a line of text. A GET
 * (a person, or a link scanner) changes nothing: it goes to the page that asks first.
 */
export async function oneClickAction(request: Request, context: PageContext): Promise<Response> {
  const checked = checkToken(request, context);
  const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...privateHeaders } });
  if (!checked.ok) return text(checked.reason === "expired" ? 410 : 400, checked.reason === "expired" ? notificationsCopy.unsubscribe.expired : notificationsCopy.unsubscribe.invalid);
  await applyUnsubscribe(context.services.db, checked.claim);
  context.services.logger.info({ kind: checked.claim.kind }, "one-click unsubscribe");
  return text(200, notificationsCopy.unsubscribe.done(scopeLabel(checked.claim.kind)));
}

export function oneClickLoader(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`${notificationPaths.unsubscribe}?token=${encodeURIComponent(token.slice(0, 600))}`, { headers: privateHeaders });
}
