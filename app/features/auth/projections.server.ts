import { getTableColumns, sql } from "drizzle-orm";
import { readOnly } from "#server/db/projection.ts";
import { users } from "#server/db/schema/auth.ts";
import { securityEvents } from "#server/db/schema/security.ts";

/**
 * Read-only projections of auth's tables for the joins, searches and lists of other features (the
 * staff console above all; decision 089). They are never written through: auth's functions change
 * accounts. A projection is named as its table, so the SQL reads as before and the plan is the same.
 */

/** What other features may read of an account: who it is and its standing, never its credentials. */
const accountFields = {
  id: users.id,
  name: users.name,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  userType: users.userType,
  role: users.role,
  emailVerified: users.emailVerified,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

export const accountsView = readOnly(users, accountFields);

/** The accounts under another name, for a second join of them in one query (a booking's customer and fixer). */
export const accountsAs = <Name extends string>(name: Name) => readOnly(users, accountFields, name);

/** The ids of the account with this email (typed whole, lower-cased): for `user_id in (…)`, one lookup in the unique index. */
export const accountIdsWithEmail = (email: string) => sql`select ${users.id} from ${users} where ${users.email} = ${email}`;

/** The ids of the accounts whose email matches an ILIKE pattern: for `user_id in (…)`, through the trigram index. */
export const accountIdsWithEmailLike = (pattern: string) => sql`select ${users.id} from ${users} where ${users.email} ilike ${pattern}`;

export const securityEventsView = readOnly(securityEvents, getTableColumns(securityEvents));
