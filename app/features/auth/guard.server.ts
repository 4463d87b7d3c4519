import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import type { RequestFacts } from "#server/app.ts";
import type { InfraServices } from "#server/services.ts";
import { COOKIE_PREFIX, SESSION_ABSOLUTE_MS, SESSION_IDLE_SECONDS, SESSION_UPDATE_AGE_SECONDS, sessionCookieName, type Auth } from "./auth.server.ts";
import { API_REQUEST_HEADER } from "./limits.server.ts";
import { CLIENT_IP_HEADER } from "./security-events.server.ts";
import { pingDatabase } from "#server/db/client.ts";
import { noteDatabaseError } from "#server/db/request-facts.ts";
import type { Db } from "#server/db/client.ts";
import { sessions, users } from "#server/db/schema/auth.ts";
import { isApprovedFixer, type SessionExtras } from "./approved-fixer.server.ts";
import { safeReturnPath } from "#server/http/return-path.ts";
import type { SessionUser } from "~/lib/session-user";

/**
 * Who is signed in, read on the server. A request without the session cookie costs no
 * database query; with one, the session is read once per request however many loaders ask,
 * in ONE query (session, user, approved-fixer flag and the header's unread counters) unless
 * better-auth has work to do (decision 071).
 */
const perRequest = new WeakMap<object, Promise<SignedIn | null>>();

/**
 * What reading the session needs of a loader's context (decision 088): the client's address and the
 * database, settings, logger, better-auth and the other features' pieces of the one query
 * (`sessionExtras`, handed in by the composition root). A route passes its `context`.
 */
export type AuthContext = Pick<RequestFacts, "clientIp"> & { services: Pick<InfraServices, "db" | "logger" | "config"> & { auth: Auth; sessionExtras: SessionExtras } };

export type { SessionExtras };

/** The header's unread counts, as stored (unread_counts): read with the session when it is read in one query. */
export type UnreadCounts = { messages: number; notifications: number };

export type SignedIn = { user: SessionUser; sessionId: string; sessionCreatedAt: Date; unread?: UnreadCounts };

export function hasSessionCookie(request: Request): boolean {
  return (request.headers.get("cookie") ?? "").includes(`${COOKIE_PREFIX}.session_token=`);
}

/** The request's headers for better-auth, with the client IP the server saw (any client-sent value replaced). */
export function authHeaders(request: Request, context: Pick<RequestFacts, "clientIp">): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.clientIp);
  headers.delete(API_REQUEST_HEADER);
  return headers;
}

export function getSignedIn(request: Request, context: AuthContext): Promise<SignedIn | null> {
  if (!hasSessionCookie(request)) return Promise.resolve(null);
  // React Router hands each loader a Request of its own; the load context is one per HTTP request.
  // A GET's loaders share one read through it. Anything else (an action, whose loaders then run after
  // it may have signed out or changed the account) reads per Request, so loaders never see a session
  // read before the action.
  const key: object = request.method === "GET" || request.method === "HEAD" ? context : request;
  let pending = perRequest.get(key);
  if (!pending) {
    pending = readSession(request, context);
    perRequest.set(key, pending);
  }
  return pending;
}

/**
 * The session token from a cookie better-auth signed (`<token>.<base64 HMAC-SHA256>`, URI-encoded, as
 * better-call writes it), or null when the cookie is missing or its signature is not ours.
 */
export function signedSessionToken(cookieHeader: string | null, cookieName: string, secret: string): string | null {
  if (!cookieHeader) return null;
  let raw: string | undefined;
  for (const part of cookieHeader.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt > 0 && part.slice(0, eqAt).trim() === cookieName) raw = part.slice(eqAt + 1).trim();
  }
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "utf8");
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The session, its person and the header's counts: built once per database as a prepared statement
 * (issue 47: building the query's SQL was ~4% of a signed-in request's CPU; on PostgreSQL the plan is
 * also kept per connection).
 */
function sessionQuery(db: Db, extras: SessionExtras) {
  return db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      userType: users.userType,
      disabledAt: users.disabledAt,
      approvedFixer: extras.approvedFixer(users.id),
      unreadMessages: extras.unread.messages,
      unreadNotifications: extras.unread.notifications,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(extras.unread.view, extras.unread.on(users.id))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("fixit_session_by_token");
}
/** Per database, per set of extras (one per server: the composition root's). */
const sessionQueries = new WeakMap<Db, WeakMap<SessionExtras, ReturnType<typeof sessionQuery>>>();

/**
 * The common case in one query: a live session that needs no write (not due its daily idle-expiry
 * move, not past its absolute lifetime, its user not disabled), with the user, the approved-fixer
 * flag and the unread counters. Every request reads the session row itself, so signing out, a
 * revoked or deleted session, a disabled account and a changed role take effect on the next request
 * (nothing about the person is cached). Anything else: undefined, and better-auth decides.
 */
async function readSessionInOneQuery(db: Db, extras: SessionExtras, token: string): Promise<SignedIn | undefined> {
  let byExtras = sessionQueries.get(db);
  if (!byExtras) sessionQueries.set(db, (byExtras = new WeakMap()));
  let query = byExtras.get(extras);
  if (!query) byExtras.set(extras, (query = sessionQuery(db, extras)));
  const [row] = await query.execute({ token });
  if (!row || row.disabledAt) return undefined;
  const now = Date.now();
  const expiresAt = new Date(row.expiresAt).getTime();
  const createdAt = new Date(row.createdAt);
  const dueForMove = expiresAt - SESSION_IDLE_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;
  if (expiresAt <= now || dueForMove || now - createdAt.getTime() > SESSION_ABSOLUTE_MS) return undefined;
  return {
    user: toSessionUser(row, Boolean(row.approvedFixer)),
    sessionId: row.sessionId,
    sessionCreatedAt: createdAt,
    unread: { messages: Math.max(0, row.unreadMessages ?? 0), notifications: Math.max(0, row.unreadNotifications ?? 0) },
  };
}

async function readSession(request: Request, context: AuthContext): Promise<SignedIn | null> {
  const { auth, db, logger, config, sessionExtras } = context.services;
  try {
    const token = signedSessionToken(request.headers.get("cookie"), sessionCookieName(config), config.sessionSecret);
    const quick = token ? await readSessionInOneQuery(db, sessionExtras, token) : undefined;
    if (quick) return quick;
    const found = await auth.api.getSession({ headers: authHeaders(request, context) });
    // Only readSession asks with a session cookie. better-auth answers "no session" when a query of its
    // own failed (it logs and swallows the error): a database out of reach is told apart by one query,
    // so a signed-in person meets a 503 during an outage, not the sign-in page.
    if (!found) {
      await pingDatabase(db);
      return null;
    }
    // Disabling an account deletes its sessions; this catches one created in the same instant.
    if ((found.user as { disabledAt?: Date | string | null }).disabledAt) {
      await db.delete(sessions).where(eq(sessions.userId, found.user.id));
      return null;
    }
    const createdAt = new Date(found.session.createdAt);
    // Sessions slide while in use (idle expiry), but never outlive their absolute lifetime.
    if (Date.now() - createdAt.getTime() > SESSION_ABSOLUTE_MS) {
      await db.delete(sessions).where(eq(sessions.id, found.session.id));
      return null;
    }
    const approvedFixer = await isApprovedFixer(db, sessionExtras, found.user.id);
    return { user: toSessionUser(found.user, approvedFixer), sessionId: found.session.id, sessionCreatedAt: createdAt };
  } catch (error) {
    // The database out of reach: the request is answered 503, not as if its visitor were signed out.
    if (noteDatabaseError(error)) throw error;
    logger.error({ err: error }, "could not read the session");
    return null;
  }
}

export function toSessionUser(
  user: {
    id: string;
    name: string;
    email: string;
    fullName?: string | null;
    role?: string | null;
    userType?: string | null;
  },
  approvedFixer = false,
): SessionUser {
  const role = user.role === "staff" || user.role === "admin" ? user.role : "user";
  return {
    id: user.id,
    name: user.fullName || user.name,
    email: user.email,
    role,
    userType: user.userType === "fixer" ? "fixer" : "customer",
    approvedFixer,
  };
}

/** The signed-in user, or null. */
export async function getOptionalUser(request: Request, context: AuthContext): Promise<SessionUser | null> {
  return (await getSignedIn(request, context))?.user ?? null;
}

/** Where to go after signing in: a path on this site other than the sign-in pages themselves, or "/". */
export function signInReturnPath(value: unknown): string {
  const path = safeReturnPath(value);
  const pathname = path.split(/[?#]/, 1)[0]!;
  return pathname === "/auth" || pathname.startsWith("/auth/") || pathname.startsWith("/api/auth") ? "/" : path;
}

/** Where a signed-out visitor is sent: /auth, remembering the page (path and query) they asked for. */
export function signInRedirectPath(request: Request): string {
  const url = new URL(request.url);
  return `/auth?from=${encodeURIComponent(signInReturnPath(url.pathname + url.search))}`;
}

/** The signed-in user; a signed-out visitor is redirected to /auth?from=<path+query> (nothing else is sent). */
export async function requireUser(request: Request, context: AuthContext): Promise<SessionUser> {
  return (await requireSignedIn(request, context)).user;
}

/** requireUser, with the session: for what belongs to this sign-in rather than to the person (a push device). */
export async function requireSignedIn(request: Request, context: AuthContext): Promise<SignedIn> {
  const signedIn = await getSignedIn(request, context);
  if (!signedIn) throw redirect(signInRedirectPath(request), { headers: { "cache-control": "no-store" } });
  return signedIn;
}

/** Guest-only pages (/auth): a signed-in visitor goes to the remembered origin or /. */
export async function redirectSignedIn(request: Request, context: AuthContext): Promise<void> {
  const user = await getOptionalUser(request, context);
  if (user) throw redirect(signInReturnPath(new URL(request.url).searchParams.get("from")));
}
