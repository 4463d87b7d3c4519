import { auditList } from "./audit.server";
import { contactsList } from "./contacts.server";
import type { AnyListDefinition } from "./define";
import { onboardingList } from "./onboarding.server";
import { outboxList } from "./outbox.server";
import { paymentsList } from "./payments.server";
import { vipPostsList } from "./posts.server";
import { recruitmentList } from "./recruitment.server";
import { registrationsList } from "./registrations.server";
import { securityEventsList } from "./security.server";
import { usersList } from "./users.server";
import { vipCodesList, vipMembersList } from "./vip.server";

/** Every staff list by id: the list pages and the CSV export (/staff/export/<id>) look them up here. */
export const staffLists: Record<string, AnyListDefinition> = Object.fromEntries(
  [
    contactsList,
    recruitmentList,
    registrationsList,
    onboardingList,
    vipMembersList,
    vipCodesList,
    paymentsList,
    vipPostsList,
    outboxList,
    securityEventsList,
    usersList,
    auditList,
  ].map((list) => [list.id, list as AnyListDefinition]),
);
