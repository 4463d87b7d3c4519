import { randomBytes } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { makeSignature } from "better-auth/crypto";
import { accountByEmail, confirmAccountEmail, createConfirmedAccount } from "~/features/auth/accounts.server";
import type { ServiceSlug } from "~/content/services";
import { savePayoutAccount } from "~/features/bookings/money.server";
import { recordApprovedApplication } from "~/features/fixers/approved-application.server";
import { recordCheck } from "~/features/fixers/checks.server";
import { requiredChecks, type CheckKind } from "~/features/fixers/required-checks";
import type { PublicChangeDeps } from "~/features/quotes/access.server";
import { createFixerProfileFromApproval, setFixerCoverage } from "~/features/quotes/coverage.server";
import { createPublicFixerData, type PublicFixerData } from "~/features/quotes/public-changes";
import type { InfraServices } from "#server/services.ts";
import type { Auth } from "~/features/auth/auth.server";

/**
 * People made the way the product makes them, without the forms in between: the integration tests'
 * factories (tests/helpers/ re-export them) and the browser tests' seeding endpoint (./http.server.ts)
 * share these, so both build an approved fixer the same one way.
 */

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${++counter}-${randomBytes(3).toString("hex")}`;

/** An account with a confirmed address and no password (nobody signs in as it). */
export async function createUser(db: Db, options: { name?: string; phone?: string | null } = {}): Promise<{ id: string; email: string; name: string }> {
  const id = nextId("user");
  const name = options.name ?? `Person ${counter}`;
  const email = `${id}@example.com`;
  await createConfirmedAccount(db, { id, name, email, phone: options.phone ?? null });
  return { id, email, name };
}

/**
 * An approved fixer through the product's own path: a paid registration, an onboarding application
 * with documents, approval (which makes the profile), then coverage set on the dashboard.
 */
export async function createApprovedFixer(
  db: Db,
  options: {
    first?: string;
    last?: string;
    services: string[];
    areas: string[];
    expertise?: string;
    documents?: ("insurance" | "certifications")[];
    /** The old review ticks (stored on the application; no longer shown anywhere). */
    checked?: ("identity" | "insurance" | "qualifications")[];
    /** The vetting checks staff recorded (decision 065); by default every check the services require, so the fixer gets their leads. */
    recorded?: CheckKind[];
    /** An account that already exists (signed up over HTTP, say) to approve, instead of a new one. */
    user?: { id: string; email: string; name: string };
    /** A running server's signal, so its cached service pages drop when the coverage is set (else a signal of the caller's own). */
    publicFixerData?: PublicChangeDeps["publicFixerData"];
    /** The origin emails link to. */
    publicUrl?: string;
    phone?: string;
  },
) {
  const phone = options.phone ?? "+447700900123";
  const user = options.user ?? (await createUser(db, { name: `${options.first ?? "Fixer"} ${options.last ?? "Person"}`, phone }));
  const { applicationId } = await recordApprovedApplication(db, {
    user,
    first: options.first ?? "Fixer",
    last: options.last ?? "Person",
    phone,
    expertise: options.expertise ?? "General work",
    documents: (options.documents ?? ["insurance"]).map((folder) => ({ folder, storageKey: `fixer-documents/${folder}/${nextId("doc")}.pdf` })),
    checked: options.checked ?? [],
  });
  const recorded = options.recorded ?? [...new Set(options.services.flatMap((s) => requiredChecks(s as ServiceSlug)))];
  for (const kind of recorded) {
    await recordCheck(db, { fixerUserId: user.id, kind, evidence: kind === "gas_safe" ? "123456" : `${kind} evidence`, documentId: null, onboardingId: applicationId, staffUserId: user.id });
  }
  const profile = await db.transaction((tx) => createFixerProfileFromApproval(tx, applicationId));
  // Without a running server's signal, a fresh one nobody listens to: the caller seeds apart from any page cache.
  // No services: an approved fixer whose checks are not recorded yet offers none (decision 065).
  if (options.services.length) {
    await setFixerCoverage({ db, publicUrl: options.publicUrl ?? "https://fixit.test", publicFixerData: options.publicFixerData ?? createPublicFixerData() }, user.id, options.services, options.areas);
  }
  return { ...user, slug: profile!.slug, displayName: profile!.displayName };
}

/** What making a person needs: the database, better-auth, and (for a fixer) the public fixer data's change signal. */
export type PeopleDeps = Pick<InfraServices, "db"> & { auth: Auth; publicFixerData: PublicFixerData };

/** The password every seeded account signs in with. */
export const SEEDED_PASSWORD = "copper-kettle-violet-harbour";
export type SignedInPerson = { id: string; email: string; cookie: string };

/** A confirmed account with a session, made through better-auth's own sign-up and sign-in: `cookie` is the Cookie header a browser would send. */
export async function signedInPerson(services: Pick<PeopleDeps, "auth" | "db">, email: string, userType: "customer" | "fixer", fullName?: string): Promise<SignedInPerson> {
  const { auth, db } = services;
  // Named as the sign-up form names a person when given one (the integration tests' people go by their address).
  await auth.api.signUpEmail({ body: { name: fullName ?? email, fullName: fullName ?? "Seeded Person", email, password: SEEDED_PASSWORD, userType } as never });
  await confirmAccountEmail(db, email);
  return { ...(await sessionFor(auth, db, email)), email };
}

/**
 * A session as sign-in makes it, without checking the password again: better-auth's own adapter
 * writes the row (its database hooks run, as at sign-in) and the cookie is signed as better-auth
 * signs it. Sign-in by password is the sign-in tests' subject; here it would only hash the password a
 * second time (scrypt: the dearest step of making a person in the test suites, issue 48).
 */
async function sessionFor(auth: Auth, db: PeopleDeps["db"], email: string): Promise<{ id: string; cookie: string }> {
  const account = await accountByEmail(db, email.toLowerCase());
  if (!account) throw new Error(`seeding: no account for ${email}`);
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(account.id);
  const signed = encodeURIComponent(`${session.token}.${await makeSignature(session.token, context.secret)}`);
  return { id: account.id, cookie: `${context.authCookies.sessionToken.name}=${signed}` };
}

/**
 * An approved fixer (plumbing in SW1 unless told) with a session and (unless `payoutAccount: false`) a
 * TEST MODE payout account. With `coverage: false` the checks those services need are recorded but the
 * fixer has not set their services and areas yet (as just after approval).
 */
export async function signedInFixer(
  services: PeopleDeps,
  email: string,
  options: { payoutAccount?: boolean; first?: string; last?: string; phone?: string; services?: string[]; areas?: string[]; coverage?: boolean; publicUrl?: string } = {},
): Promise<SignedInPerson & { displayName: string }> {
  const first = options.first ?? "Seeded";
  const last = options.last ?? "Fixer";
  const offered = options.services ?? ["plumbing"];
  const fixer = await signedInPerson(services, email, "fixer", options.first ? `${first} ${last}` : undefined);
  const profile = await createApprovedFixer(services.db, {
    user: { id: fixer.id, email, name: `${first} ${last}` },
    first,
    last,
    phone: options.phone,
    services: options.coverage === false ? [] : offered,
    recorded: [...new Set(offered.flatMap((s) => requiredChecks(s as ServiceSlug)))],
    areas: options.areas ?? ["SW1"],
    publicFixerData: services.publicFixerData,
    publicUrl: options.publicUrl,
  });
  if (options.payoutAccount !== false) await savePayoutAccount(services.db, fixer.id, { provider: "test", providerAccountId: `acct_${fixer.id}`, active: true });
  return { ...fixer, displayName: profile.displayName };
}
