import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueEmail } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/** /dev/mailbox over HTTP: what the log transport kept, and that it is gone in production. */

type StoredMessage = { id: number; to: string; from: string; subject: string; html: string; text: string; createdAt: string };

let server: InProcessServer;
beforeAll(async () => {
  server = await startServerInProcess();
}, 120_000);
afterAll(async () => {
  await server?.dispose();
});

/** Queues a sample email in the server's outbox, the way every feature sends mail; the worker delivers it. */
const queueSample = (to: string) =>
  enqueueEmail(server.services.db, {
    to,
    subject: "FixiT sample message",
    ...renderEmail({
      heading: "Sample message",
      paragraphs: ["This message was queued by a test to check the outbox and the development mailbox."],
      action: { label: "Open FixiT", url: `${server.url}/` },
    }),
  });

async function mailboxFor(to: string): Promise<StoredMessage[]> {
  const res = await fetch(`${server.url}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: StoredMessage[] }).messages;
}

describe("the development mailbox", () => {
  it("keeps mail sent with the log transport and lists it newest first", async () => {
    await queueSample("first@example.com");
    await expect.poll(async () => (await mailboxFor("first@example.com")).length).toBe(1);
    await queueSample("second@example.com");
    await expect.poll(async () => (await mailboxFor("second@example.com")).length).toBe(1);

    const [message] = await mailboxFor("FIRST@example.com"); // the address matches in any case
    expect(message).toMatchObject({ to: "first@example.com", subject: "FixiT sample message", from: "FixiT <hello@fixit.local>" });
    expect(message!.text).toContain(`Open FixiT: ${server.url}/`);
    expect(server.logs()).toContain("mail (log transport) to first@example.com: FixiT sample message");

    const page = await fetch(`${server.url}/dev/mailbox`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Development mailbox");
    expect(html).not.toContain("SMTP is configured");
    const second = html.indexOf("second@example.com");
    const first = html.indexOf("first@example.com");
    expect(second).toBeGreaterThan(-1);
    expect(first).toBeGreaterThan(second); // newest first
    expect(html).toContain(`href="/dev/mailbox/${message!.id}"`);
  });

  it("shows one message as sandboxed HTML and as plain text with clickable links", async () => {
    const [message] = await mailboxFor("first@example.com");
    const htmlView = await (await fetch(`${server.url}/dev/mailbox/${message!.id}`)).text();
    expect(htmlView).toMatch(/<iframe[^>]*sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"/);
    expect(htmlView).not.toMatch(/<iframe[^>]*allow-scripts/);
    expect(htmlView).toContain("&lt;base target=&quot;_top&quot;&gt;");
    const textView = await (await fetch(`${server.url}/dev/mailbox/${message!.id}?view=text`)).text();
    expect(textView).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/"[^>]*>http:\/\/127\.0\.0\.1:\d+\/<\/a>/);
    expect(textView).not.toContain("<iframe");
  });

  it("answers 404 for messages that do not exist", async () => {
    for (const id of ["999999", "abc", "-1", "1e3"]) {
      expect((await fetch(`${server.url}/dev/mailbox/${id}`)).status).toBe(404);
    }
  });

  it("reads an id one way only: a leading zero is not another spelling of a message (issue 48)", async () => {
    const [message] = await mailboxFor("first@example.com");
    expect((await fetch(`${server.url}/dev/mailbox/${message!.id}`)).status).toBe(200);
    for (const id of [`0${message!.id}`, `00${message!.id}`]) expect((await fetch(`${server.url}/dev/mailbox/${id}`)).status, id).toBe(404);
  });
});

describe("outside the test environment", () => {
  it("does not exist in production, page nor JSON", async () => {
    const production = await startServerInProcess({
      env: {
        APP_ENV: "production",
        SESSION_SECRET: "x".repeat(40),
        PUBLIC_URL: "https://fixit.example",
        SMTP_URL: "smtp://127.0.0.1:9",
      },
    });
    try {
      for (const path of ["/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox/1"]) {
        expect((await fetch(`${production.url}${path}`)).status, path).toBe(404);
      }
    } finally {
      await production.dispose();
    }
  }, 240_000); // a server start can take minutes on a busy machine

  it("in development, says when SMTP is configured", async () => {
    const development = await startServerInProcess({ env: { APP_ENV: "development", SMTP_URL: "smtp://127.0.0.1:9" } });
    try {
      const page = await fetch(`${development.url}/dev/mailbox`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("SMTP is configured (SMTP_URL is set)");
      const json = (await (await fetch(`${development.url}/dev/mailbox.json`)).json()) as { smtp: boolean };
      expect(json.smtp).toBe(true);
    } finally {
      await development.dispose();
    }
  }, 240_000); // a server start can take minutes on a busy machine
});
