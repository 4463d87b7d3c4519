import type { ServiceSlug } from "~/content/services";

/**
 * The vetting checks staff record for a fixer, and which a service needs before the fixer gets its
 * leads or may quote for it (decision 065). The one place the rule is written: the staff console,
 * approval, coverage, matching, quoting, the public profile and the marketing copy all follow it.
 * No server imports: the fixer dashboard and the staff console show it too.
 */
export const checkKinds = ["identity", "right_to_work", "insurance", "gas_safe", "niceic_napit", "dbs_enhanced"] as const;
export type CheckKind = (typeof checkKinds)[number];

export function isCheckKind(value: string): value is CheckKind {
  return (checkKinds as readonly string[]).includes(value);
}

/** What each check is, for staff (what to look at) and the public profile (what it proves). */
export const checkLabels: Record<CheckKind, { name: string; evidence: string; staffHint: string }> = {
  identity: { name: "ID", evidence: "Document seen", staffHint: "Photo ID (passport or driving licence) matches the applicant." },
  right_to_work: { name: "Right to work", evidence: "Share code or document", staffHint: "Share code checked on GOV.UK, or a UK/Irish passport seen." },
  insurance: { name: "Insurance", evidence: "Insurer and policy", staffHint: "Current public liability insurance in the applicant's name." },
  gas_safe: { name: "Gas Safe", evidence: "Registration number", staffHint: "Number found on the Gas Safe Register, in the applicant's name." },
  niceic_napit: { name: "NICEIC/NAPIT", evidence: "Registration number", staffHint: "Number found on the NICEIC or NAPIT register, in the applicant's name." },
  dbs_enhanced: { name: "Enhanced DBS", evidence: "Certificate number", staffHint: "Enhanced DBS certificate seen (and the Update Service checked where offered)." },
};

/** Every service needs these: who the fixer is, that they may work in the UK, and that they are insured. */
export const baseChecks = ["identity", "right_to_work", "insurance"] as const satisfies readonly CheckKind[];

/**
 * Each service's checks on top of the base ones. Plumbing does not need Gas Safe: a plumber
 * without it is approved for plumbing but not gas work, and only a recorded Gas Safe number is ever
 * shown (decision 065).
 */
export const extraChecks: Record<ServiceSlug, readonly CheckKind[]> = {
  plumbing: [],
  electrical: ["niceic_napit"],
  cleaning: [],
  handyman: [],
  painting: [],
  moving: [],
  landscaping: [],
  assembly: [],
  "house-sitting": ["dbs_enhanced"],
  nanny: ["dbs_enhanced"],
  "dog-walking": [],
};

export function requiredChecks(service: ServiceSlug): CheckKind[] {
  return [...baseChecks, ...extraChecks[service]];
}

/** The checks a service still needs, given those recorded for the fixer (empty: approved for it). */
export function missingChecks(service: ServiceSlug, recorded: Iterable<string>): CheckKind[] {
  const have = new Set(recorded);
  return requiredChecks(service).filter((kind) => !have.has(kind));
}

/** Every (service, check) pair the rule requires, for the SQL that matching and quoting run. */
export function requiredPairs(): { service: ServiceSlug; kind: CheckKind }[] {
  return (Object.keys(extraChecks) as ServiceSlug[]).flatMap((service) => requiredChecks(service).map((kind) => ({ service, kind })));
}

// Made once: a formatter costs ~0.1 ms to make, and a job page with 10 quotes states dozens of checks (issue 47).
const checkedOn = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });

/** "Gas Safe 123456 checked on 3 Nov 2026": what a recorded check says in public. Numbers are shown only for registers anyone can search. */
export function publicCheckText(check: { kind: CheckKind; evidence: string; checkedAt: Date | string }): string {
  const date = checkedOn.format(new Date(check.checkedAt));
  const label = checkLabels[check.kind].name;
  const withNumber = check.kind === "gas_safe" || check.kind === "niceic_napit" ? `${label} ${check.evidence}` : label;
  return `${withNumber} checked on ${date}`;
}
