import nodemailer from "nodemailer";
import type { JobServices } from "#server/services.ts";
import { devMailbox } from "#server/db/schema/mail.ts";
import { PermanentJobError } from "#server/jobs/queue.ts";
import type { EmailMessage } from "./outbox.ts";

/** A message ready to go: the queued message plus sender and a stable Message-ID. */
export type OutgoingEmail = EmailMessage & { from: string; messageId?: string };

export type MailTransport = {
  kind: "smtp" | "log";
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
};

/**
 * `smtp` when SMTP_URL is set (any provider: smtp://user:pass@host:587 or smtps://…:465),
 * otherwise `log`: the message is kept in the dev_mailbox table (shown at /dev/mailbox, seen by
 * every instance and every restart) and a one-line summary is logged.
 */
export function createMailTransport(services: JobServices): MailTransport {
  const { config } = services;
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : logTransport(services);
}

/** Bounded waits: a hung SMTP server fails the attempt (and it is retried) instead of blocking the worker. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async send(message) {
      try {
        await transporter.sendMail({
          from: message.from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: message.headers,
          messageId: message.messageId,
          attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        });
      } catch (error) {
        if (isPermanentSmtpRejection(error)) {
          throw new PermanentJobError(error instanceof Error ? error.message : String(error), { cause: error });
        }
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * A 5xx answer to the envelope or the message (unknown recipient, message refused) will be the
 * same next time: fail the job at once. Connection trouble, timeouts, 4xx and authentication
 * failures (an operator can fix the credentials) are retried.
 */
export function isPermanentSmtpRejection(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return false;
  return code === "EENVELOPE" || code === "EMESSAGE";
}

function logTransport(services: Pick<JobServices, "logger" | "db">): MailTransport {
  const logger = services.logger.child({ component: "mail" });
  return {
    kind: "log",
    async send(message) {
      const [stored] = await services.db
        .insert(devMailbox)
        .values({
          to: message.to,
          from: message.from,
          subject: message.subject,
          html: message.html,
          text: message.text,
          attachments: message.attachments ?? [],
          headers: {
            ...(message.headers ?? {}),
            ...(message.replyTo ? { "Reply-To": message.replyTo } : {}),
            ...(message.messageId ? { "Message-ID": message.messageId } : {}),
          },
        })
        .returning({ id: devMailbox.id });
      logger.info(
        { to: message.to, subject: message.subject, mailboxId: stored?.id },
        `mail (log transport) to ${message.to}: ${message.subject} — see /dev/mailbox/${stored?.id}`,
      );
    },
    close() {},
  };
}
