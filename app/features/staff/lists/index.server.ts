import { auditList } from "./audit.server";
import { bookingsList, disputesList } from "./bookings.server";
import { contactsList } from "./contacts.server";
import type { AnyListDefinition } from "./define";
import { jobsList } from "./jobs.server";
import { messagesList } from "./messages.server";
import { onboardingList } from "./onboarding.server";
import { outboxList } from "./outbox.server";
import { paymentsList } from "./payments.server";
import { quotesList } from "./quotes.server";
import { vipPostsList } from "./posts.server";
import { recruitmentList } from "./recruitment.server";
import { registrationsList } from "./registrations.server";
import { reviewsList } from "./reviews.server";
import { securityEventsList } from "./security.server";
import { usersList } from "./users.server";
import { vipCodesList, vipMembersList } from "./vip.server";

/** Every staff list by id: the list page (/staff/<id>) and the CSV export (/staff/export/<id>) look them up here. */
export const staffLists: Record<string, AnyListDefinition> = Object.fromEntries(
  [
    contactsList,
    recruitmentList,
    registrationsList,
    onboardingList,
    jobsList,
    quotesList,
    reviewsList,
    messagesList,
    vipMembersList,
    vipCodesList,
    paymentsList,
    bookingsList,
    disputesList,
    vipPostsList,
    outboxList,
    securityEventsList,
    usersList,
    auditList,
  ].map((list) => [list.id, list as AnyListDefinition]),
);

/** The list a URL segment names, or undefined (never an inherited property). */
export function findStaffList(id: string | undefined): AnyListDefinition | undefined {
  return id && Object.hasOwn(staffLists, id) ? staffLists[id] : undefined;
}
