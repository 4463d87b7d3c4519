import { company } from "~/content/company";
import { findService } from "~/content/services";
import { renderEmail, type EmailContent } from "~/lib/email-templates.server.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { enqueueEmail } from "#server/mail/outbox.ts";
import type { NotificationKind } from "~/features/notifications/kinds";
import { notify } from "~/features/notifications/notifications.server";
import { quotePaths } from "./paths";

/**
 * The marketplace's emails, queued through the outbox in the caller's transaction (so an email
 * exists exactly when the change it reports does). Bodies never quote a message's text: the link
 * opens the page, where the access rules apply.
 */

export type Person = { email: string; name: string };
/** Someone with an account: their email is a notification of a kind they may turn off or bundle. */
export type Member = Person & { userId: string };
export type Contact = Person & { phone: string | null };

const hello = (to: Person) => (to.name ? `Hi ${to.name},` : "Hello,");
const serviceName = (slug: string) => findService(slug)?.name ?? slug;
const moneyNote = `Book a start slot and pay through ${company.brand}: the money is held by ${company.brand} until you confirm the job is done, then paid to the fixer.`;
const reasons = {
  customer: `You are receiving this email because you posted a job on ${company.brand}.`,
  fixer: `You are receiving this email because you are an approved ${company.brand} fixer.`,
};

async function send(tx: DbOrTx, to: Person, subject: string, content: EmailContent) {
  await enqueueEmail(tx, { to: to.email, subject, ...renderEmail(content), replyTo: company.supportEmail });
}

/** A notification on the member's list, and its email as they chose (at once, in the digest, or none). */
async function notice(tx: DbOrTx, publicUrl: string, to: Member, kind: NotificationKind, title: string, link: string, subject: string, content: EmailContent) {
  await notify(tx, { userId: to.userId, kind, title, link, email: { to: to.email, subject, content, replyTo: company.supportEmail, publicUrl } });
}

const contactLines = (who: Contact) => [`Name: ${who.name}`, `Email: ${who.email}`, ...(who.phone ? [`Phone: ${who.phone}`] : [])];

export type JobSummary = { id: number; title: string; service: string; district: string };

export async function queueJobPostedEmail(tx: DbOrTx, publicUrl: string, to: Person, job: JobSummary, matched: number) {
  await send(tx, to, `Your job is posted: ${job.title}`, {
    preheader: "Local fixers can now send you quotes.",
    heading: "Your job is posted",
    paragraphs: [
      hello(to),
      `Thanks for posting "${job.title}" (${serviceName(job.service)}, ${job.district}).`,
      matched > 0
        ? `We have sent it to ${matched === 1 ? "1 approved local fixer" : `${matched} approved local fixers`}. You will get an email for each quote, and you can compare them side by side on your job's page.`
        : `No approved fixer covers ${serviceName(job.service).toLowerCase()} in ${job.district} yet. We have kept your job: it is waiting for a fixer, and we will email you as soon as one starts covering ${job.district}.`,
      moneyNote,
    ],
    action: { label: "View your job", url: publicUrl + quotePaths.customerJob(job.id) },
    reason: reasons.customer,
  });
}

export async function queueJobMatchedEmail(tx: DbOrTx, publicUrl: string, to: Member, job: JobSummary, invited = false) {
  const subject = invited ? `A customer asked you to quote: ${job.title}` : `New ${serviceName(job.service).toLowerCase()} job in ${job.district}`;
  await notice(tx, publicUrl, to, "new_job", `${subject}${invited ? "" : `: ${job.title}`}`, quotePaths.fixerJob(job.id), subject, {
    preheader: job.title,
    heading: invited ? "A customer asked you for a quote" : "A new job matches your services",
    paragraphs: [
      hello(to),
      invited
        ? `A customer in ${job.district} chose you from your FixiT profile and asked you to quote for "${job.title}" (${serviceName(job.service)}).`
        : `A customer in ${job.district} needs help with "${job.title}" (${serviceName(job.service)}).`,
      "Open the job to see the details and photos, and send a quote if it suits you.",
    ],
    action: { label: "See the job", url: publicUrl + quotePaths.fixerJob(job.id) },
    reason: invited ? `${reasons.fixer} The customer asked for you by name.` : `${reasons.fixer} You cover ${job.district} for ${serviceName(job.service)}; change your areas on your dashboard.`,
  });
}

/** A fixer's new areas or services cover open jobs they were never told about: one email naming them. */
export async function queueNewlyCoveredJobsEmail(tx: DbOrTx, publicUrl: string, to: Member, named: readonly JobSummary[], total: number) {
  const more = total - named.length;
  const subject = total === 1 ? `A job in your areas: ${named[0]!.title}` : `${total} jobs in your areas are waiting for quotes`;
  await notice(tx, publicUrl, to, "new_job", subject, total === 1 ? quotePaths.fixerJob(named[0]!.id) : quotePaths.fixerDashboard, subject, {
    heading: total === 1 ? "A job in your areas is waiting for a quote" : "Jobs in your areas are waiting for quotes",
    paragraphs: [
      hello(to),
      "The services and areas you have just set cover jobs customers have already posted:",
      ...named.map((job) => `${job.title} (${serviceName(job.service)}, ${job.district})`),
      ...(more > 0 ? [`And ${more} more on your dashboard.`] : []),
      "Open your dashboard to see the details and photos, and send a quote if one suits you.",
    ],
    action: { label: "See the jobs", url: publicUrl + quotePaths.fixerDashboard },
    reason: `${reasons.fixer} You changed the services or areas you cover.`,
  });
}

/** The first fixer covering a waiting job has arrived: its customer is told, once. */
export async function queueFixerFoundEmail(tx: DbOrTx, publicUrl: string, to: Person, job: JobSummary) {
  await send(tx, to, `A fixer now covers your job: ${job.title}`, {
    preheader: `${serviceName(job.service)} in ${job.district}`,
    heading: "A fixer now covers your area",
    paragraphs: [
      hello(to),
      `Your job "${job.title}" was waiting for a fixer. An approved FixiT fixer now covers ${serviceName(job.service).toLowerCase()} in ${job.district} and has been sent your job.`,
      "You will get an email for each quote, and you can compare them on your job's page.",
      moneyNote,
    ],
    action: { label: "View your job", url: publicUrl + quotePaths.customerJob(job.id) },
    reason: reasons.customer,
  });
}

/** Someone on the area waitlist: a fixer now offers the service they asked about at their postcode. */
export async function queueAreaWaitlistFixerEmail(tx: DbOrTx, publicUrl: string, entry: Person & { service: string; postcode: string }) {
  const service = serviceName(entry.service);
  await send(tx, entry, `${service} is now available in ${entry.postcode}`, {
    heading: `A ${service.toLowerCase()} fixer now covers ${entry.postcode}`,
    paragraphs: [hello(entry), `You asked us to tell you when a FixiT fixer offers ${service.toLowerCase()} in ${entry.postcode}. One now does: post your job and they will be sent it.`],
    action: { label: "Post a job", url: `${publicUrl}${quotePaths.request}?service=${encodeURIComponent(entry.service)}` },
    reason: `You are receiving this email because you joined the ${company.brand} waitlist for ${service.toLowerCase()} in ${entry.postcode}. We will not email you about it again.`,
  });
}

/** The area waitlist's confirmation. */
export async function queueAreaWaitlistJoinedEmail(tx: DbOrTx, to: Person, entry: { service: string; postcode: string }) {
  const service = serviceName(entry.service).toLowerCase();
  await send(tx, to, `You're on the waitlist for ${service} in ${entry.postcode}`, {
    heading: "You're on the waitlist",
    paragraphs: [hello(to), `We will email you once, as soon as an approved FixiT fixer offers ${service} in ${entry.postcode}.`],
    reason: `You are receiving this email because you joined the ${company.brand} waitlist for ${service} in ${entry.postcode}.`,
  });
}

export async function queueQuoteReceivedEmail(tx: DbOrTx, publicUrl: string, to: Member, job: JobSummary, fixerName: string) {
  await notice(tx, publicUrl, to, "quote_received", `${fixerName} sent a quote for "${job.title}"`, quotePaths.customerJob(job.id), `New quote for ${job.title}`, {
    heading: "You have a new quote",
    paragraphs: [hello(to), `${fixerName} has sent a quote for "${job.title}".`, "Compare the quotes on your job's page and accept the one you want."],
    action: { label: "Compare quotes", url: publicUrl + quotePaths.customerJob(job.id) },
    reason: reasons.customer,
  });
}

export async function queueQuoteAcceptedEmails(
  tx: DbOrTx,
  publicUrl: string,
  job: JobSummary & { postcode: string },
  customer: Contact,
  fixer: Contact & Member,
) {
  await notice(tx, publicUrl, fixer, "quote_decision", `${customer.name} accepted your quote for "${job.title}"`, quotePaths.fixerJob(job.id), `Your quote was accepted: ${job.title}`, {
    heading: "Your quote was accepted",
    paragraphs: [
      hello(fixer),
      `${customer.name} accepted your quote for "${job.title}". Here are their contact details to arrange the work:`,
      ...contactLines(customer),
      `Job postcode: ${job.postcode}`,
      moneyNote,
    ],
    action: { label: "Open the job", url: publicUrl + quotePaths.fixerJob(job.id) },
    reason: reasons.fixer,
  });
  await send(tx, customer, `You accepted ${fixer.name}'s quote`, {
    heading: "Quote accepted",
    paragraphs: [hello(customer), `You accepted ${fixer.name}'s quote for "${job.title}". They have your contact details and will be in touch. Theirs:`, ...contactLines(fixer), moneyNote],
    action: { label: "Open your job", url: publicUrl + quotePaths.customerJob(job.id) },
    reason: reasons.customer,
  });
}

/** The quote was not chosen: another was accepted, the customer declined it, or closed the job. */
export async function queueQuoteNotChosenEmail(tx: DbOrTx, publicUrl: string, to: Member, job: JobSummary, why: "another_accepted" | "declined" | "job_closed") {
  const text = {
    another_accepted: "The customer has chosen another fixer for this job.",
    declined: "The customer has declined your quote.",
    job_closed: "The customer has closed this job without accepting a quote.",
  }[why];
  await notice(tx, publicUrl, to, "quote_decision", `Your quote for "${job.title}" was not selected`, quotePaths.fixerJob(job.id), `Update on your quote: ${job.title}`, {
    heading: "Your quote was not selected",
    paragraphs: [hello(to), `${text} ("${job.title}", ${job.district}).`, "Thank you for quoting. New jobs in your areas are on your dashboard."],
    reason: reasons.fixer,
  });
}

export async function queueNewMessageEmail(tx: DbOrTx, publicUrl: string, to: Member, fromName: string, job: JobSummary, toRole: "customer" | "fixer") {
  const path = toRole === "customer" ? quotePaths.customerJob(job.id) : quotePaths.fixerJob(job.id);
  await notice(tx, publicUrl, to, "message", `${fromName} sent you a message about "${job.title}"`, path, `New message about ${job.title}`, {
    heading: "You have a new message",
    paragraphs: [hello(to), `${fromName} sent you a message about "${job.title}".`],
    action: { label: "Read and reply", url: publicUrl + path },
    reason: toRole === "customer" ? reasons.customer : reasons.fixer,
  });
}

export async function queueReviewReceivedEmail(tx: DbOrTx, publicUrl: string, to: Member, rating: number, job: JobSummary) {
  await notice(tx, publicUrl, to, "review", `A ${rating}-star review for "${job.title}"`, `${quotePaths.fixerJob(job.id)}#review`, `New ${rating}-star review for ${job.title}`, {
    heading: "You have a new review",
    paragraphs: [hello(to), `Your customer for "${job.title}" left a ${rating}-star review. You can reply to it once, on the job's page.`],
    action: { label: "Reply on the job's page", url: `${publicUrl}${quotePaths.fixerJob(job.id)}#review` },
    reason: reasons.fixer,
  });
}

/** The fixer's review of the customer is published (both reviews in, or the window closed). */
export async function queueCustomerReviewedEmail(tx: DbOrTx, publicUrl: string, to: Member, rating: number, job: JobSummary) {
  await notice(tx, publicUrl, to, "review", `Your fixer gave you ${rating} stars for "${job.title}"`, `${quotePaths.customerJob(job.id)}#review`, `Your fixer reviewed you: ${job.title}`, {
    heading: "Your fixer reviewed you",
    paragraphs: [hello(to), `The fixer who did "${job.title}" left you a ${rating}-star review. Fixers see your rating before they quote.`],
    action: { label: "Read it on the job's page", url: `${publicUrl}${quotePaths.customerJob(job.id)}#review` },
    reason: reasons.customer,
  });
}

export async function queueContentHiddenEmail(tx: DbOrTx, to: Person, what: "review" | "message", jobTitle: string, reason: string) {
  await send(tx, to, `Your ${what} was hidden`, {
    heading: `Your ${what} was hidden`,
    paragraphs: [hello(to), `Our team has hidden your ${what} about "${jobTitle}". The reason:`, reason],
    note: `If you think we have made a mistake, write to ${company.supportEmail}.`,
  });
}

export async function queueLeadsChangedEmail(tx: DbOrTx, to: Person, disabled: boolean, reason: string) {
  await send(tx, to, disabled ? "New jobs are paused on your fixer account" : "New jobs are back on your fixer account", {
    heading: disabled ? "New jobs are paused" : "New jobs are back on",
    paragraphs: disabled
      ? [hello(to), "Our team has paused new jobs and quoting on your fixer account. Your public profile and reviews stay. The reason:", reason]
      : [hello(to), "Our team has turned new jobs back on for your fixer account: matching jobs appear on your dashboard again.", ...(reason ? [reason] : [])],
    note: `Questions? Write to ${company.supportEmail}.`,
    reason: reasons.fixer,
  });
}
