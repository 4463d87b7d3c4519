import { sql } from "drizzle-orm";
import { contactSubmissions } from "#server/db/schema/forms.ts";
import { emailJob, insertWithJobs, upsertWithJobs, type EmailMessage } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import type { InfraServices } from "#server/services.ts";
import { company } from "~/content/company";
import { emailKey } from "~/lib/email";
import { services as serviceList } from "~/content/services";
import {
  FEEDBACK_ANONYMOUS_NAME,
  FEEDBACK_PLACEHOLDER_EMAIL,
  frequencies,
  likelihoods,
  type ContactSupport,
  type Feedback,
  type InvestorInquiry,
  type Waitlist,
} from "./schemas";
import { sheetSyncJob, type SheetFormType } from "./sheet-sync.server";

/**
 * Help, investor, waitlist and feedback submissions: one contact_submissions row and its
 * outbox jobs (inbox email, acknowledgement, sheet sync) in one statement, so either all
 * of it is kept or none of it.
 */

export type ContactFormName = "investor" | "help" | "waitlist" | "feedback";
export type RequestMeta = { ip: string; userAgent: string };

type Row = { name: string; email: string; phone: string | null; subject: string; message: string; data: Record<string, unknown> };
type Plan = {
  row: Row;
  sheet?: SheetFormType;
  emails: EmailMessage[];
};

const nullIfEmpty = (value: string) => (value.trim() === "" ? null : value);
const labelled = (pairs: [string, string | undefined | null][]) =>
  pairs.filter(([, v]) => v !== undefined && v !== null && v !== "").map(([k, v]) => `${k}: ${v}`);

function email(to: string, subject: string, content: Parameters<typeof renderEmail>[0], replyTo?: string): EmailMessage {
  return { to, subject, ...renderEmail(content), ...(replyTo ? { replyTo } : {}) };
}

function planInvestor(config: InfraServices["config"], d: InvestorInquiry): Plan {
  return {
    row: { name: d.name, email: d.email, phone: nullIfEmpty(d.phone), subject: "Investment Inquiry", message: d.message, data: { ...d } },
    emails: [
      email(
        config.INVESTOR_INBOX,
        `Investment Inquiry from ${d.name}`,
        {
          heading: "New investment inquiry",
          paragraphs: [
            ...labelled([
              ["Name", d.name],
              ["Email", d.email],
              ["Company", d.company],
              ["Phone", d.phone],
              ["Investment amount", d.investmentAmount],
              ["Investment type", d.investmentType],
              ["Timeline", d.timeline],
            ]),
            "Message:",
            d.message,
          ],
          reason: "You are receiving this email because you are listed as the FixiT investor inbox.",
        },
        d.email,
      ),
      email(d.email, "We received your investment inquiry", {
        heading: `Thank you, ${d.name}`,
        paragraphs: [
          `Thank you for your interest in investing in ${company.brand}. Our team has your inquiry and will be in touch soon.`,
        ],
        reason: `You are receiving this email because you sent an investment inquiry on the ${company.brand} website.`,
      }),
    ],
  };
}

function planHelp(config: InfraServices["config"], d: ContactSupport): Plan {
  return {
    row: { name: d.name, email: d.email, phone: nullIfEmpty(d.phone), subject: "Help Center Inquiry", message: d.description, data: { ...d } },
    sheet: "help-center",
    emails: [
      email(
        config.SUPPORT_INBOX,
        `Help Center Inquiry from ${d.name}`,
        {
          heading: "New help request",
          paragraphs: [...labelled([["Name", d.name], ["Email", d.email], ["Phone", d.phone]]), "How can we help?", d.description],
          reason: "You are receiving this email because you are listed as the FixiT support inbox.",
        },
        d.email,
      ),
      email(d.email, "We received your message", {
        heading: `Thank you, ${d.name}`,
        paragraphs: ["We have your message and will get back to you within 24 hours.", "What you sent:", d.description],
        reason: `You are receiving this email because you contacted ${company.brand} support.`,
      }),
    ],
  };
}

function planWaitlist(d: Waitlist): Plan {
  return {
    row: {
      name: d.name,
      email: d.email,
      phone: nullIfEmpty(d.phone),
      subject: "Early Access Waitlist",
      message: d.location ? `Location: ${d.location}` : "Joined the early access waitlist",
      data: { ...d },
    },
    sheet: "early-access-waitlist",
    emails: [
      email(d.email, `Welcome to ${company.brand} early access`, {
        heading: `Welcome, ${d.name}`,
        paragraphs: [
          `Thank you for joining the ${company.brand} early access list. We'll email you with news, offers and new services as they arrive.`,
        ],
        reason: `You are receiving this email because you joined the ${company.brand} early access list.`,
      }),
    ],
  };
}

function planFeedback(config: InfraServices["config"], d: Feedback): Plan {
  const name = d.name || FEEDBACK_ANONYMOUS_NAME;
  const realEmail = d.email !== "";
  const senderEmail = realEmail ? d.email : FEEDBACK_PLACEHOLDER_EMAIL;
  const likelihood = likelihoods.find((l) => l.value === d.likelihood)?.label ?? d.likelihood;
  const frequency = frequencies.find((f) => f.value === d.frequency)?.label ?? "";
  const chosen = d.services.map((slug) => serviceList.find((s) => s.slug === slug)?.name ?? slug);
  const data = { ...d, name, email: senderEmail };
  const summary = labelled([
    ["Likelihood of using FixiT", likelihood],
    ["Services", chosen.join(", ")],
    ["How often", frequency],
  ]);
  return {
    row: {
      name,
      email: senderEmail,
      phone: null,
      subject: "Early Access Feedback",
      message: d.feedback || summary.join("\n"),
      data,
    },
    sheet: "early-access-feedback",
    emails: [
      email(
        config.FEEDBACK_INBOX,
        `Early Access Feedback from ${name}`,
        {
          heading: "New early access feedback",
          paragraphs: [...labelled([["Name", name], ["Email", realEmail ? d.email : "(not given)"]]), ...summary, ...(d.feedback ? ["Feedback:", d.feedback] : [])],
          reason: "You are receiving this email because you are listed as the FixiT feedback inbox.",
        },
        realEmail ? d.email : undefined,
      ),
      // Only a real address gets a thank-you; the placeholder is never written to.
      ...(realEmail
        ? [
            email(d.email, `Thank you for your feedback`, {
              heading: `Thank you, ${name}`,
              paragraphs: [`Thank you for telling us what you need from ${company.brand}. Every answer is read by the team.`],
              reason: `You are receiving this email because you sent feedback on the ${company.brand} website.`,
            }),
          ]
        : []),
    ],
  };
}

export type ContactFormData = {
  investor: InvestorInquiry;
  help: ContactSupport;
  waitlist: Waitlist;
  feedback: Feedback;
};

export function planContactSubmission<F extends ContactFormName>(config: InfraServices["config"], form: F, data: ContactFormData[F]): Plan {
  switch (form) {
    case "investor":
      return planInvestor(config, data as InvestorInquiry);
    case "help":
      return planHelp(config, data as ContactSupport);
    case "waitlist":
      return planWaitlist(data as Waitlist);
    default:
      return planFeedback(config, data as Feedback);
  }
}

/**
 * Stores one submission and queues its jobs in one statement. Throws (and keeps nothing) on failure.
 * `repeat` is true when a waitlist address was already on the list (updated, nothing sent).
 */
export async function storeContactSubmission<F extends ContactFormName>(
  services: Pick<InfraServices, "config" | "db">,
  form: F,
  data: ContactFormData[F],
  meta: RequestMeta,
): Promise<{ id: number; repeat: boolean }> {
  const plan = planContactSubmission(services.config, form, data);
  const submittedAt = new Date();
  const sheetJob = plan.sheet && sheetSyncJob(services.config, plan.sheet, plan.row.data, submittedAt);
  const jobs = [...plan.emails.map((message) => emailJob(message)), ...(sheetJob ? [sheetJob] : [])];
  const row = { ...plan.row, ip: meta.ip || null, userAgent: meta.userAgent || null };
  if (form !== "waitlist") {
    // The row and its jobs in one statement: all or nothing, one round trip.
    const insert = services.db.insert(contactSubmissions).values({ ...row, createdAt: submittedAt }).returning({ id: contactSubmissions.id });
    return { id: await insertWithJobs(services.db, insert, jobs), repeat: false };
  }
  // An address already on the list (whatever its case) updates its row, keeps its first date and is sent nothing again.
  const upsert = services.db
    .insert(contactSubmissions)
    .values({ ...row, createdAt: submittedAt, waitlistKey: emailKey(row.email) })
    .onConflictDoUpdate({ target: contactSubmissions.waitlistKey, set: row })
    .returning({ id: contactSubmissions.id, inserted: sql<boolean>`(xmax = 0)`.as("inserted") });
  const { id, inserted } = await upsertWithJobs(services.db, upsert, jobs);
  return { id, repeat: !inserted };
}
