import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#server/db/schema/auth.ts";
import { bookings, ledgerEvents } from "#server/db/schema/bookings.ts";
import { securityEvents } from "#server/db/schema/security.ts";
import { doneBooking, signedInFixer, signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { rawRequest } from "./helpers/hostile-http";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * A refused request changes nothing (issue 46): a body refused for its size or its framing is
 * refused before any action runs. Signing out reads no body, so a 60 MB chunked POST to it used to
 * be answered 413 while the action still signed the person out; the same for a money action.
 */
let server: InProcessServer;
let customer: SignedInPerson;
let fixer: SignedInPerson;
const MB = 1024 * 1024;

beforeAll(async () => {
  server = await startServerInProcess();
  customer = await signedInPerson(server.services, "refused-bodies-customer@example.com", "customer");
  fixer = await signedInFixer(server.services, "refused-bodies-fixer@example.com");
}, 120_000);
afterAll(async () => {
  await server?.dispose();
});

const post = (path: string, cookie: string, body: (string | number)[], headers: Record<string, string> = {}) =>
  rawRequest(server.url, { method: "POST", path, headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded", ...headers }, body });
const sessionCount = async (userId: string) => (await server.services.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

describe("a refused body changes nothing", () => {
  it("a 60 MB chunked sign-out is answered 413 and signs nobody out, then a normal one does", async () => {
    expect(await sessionCount(customer.id)).toBe(1);
    const refused = await post("/auth/sign-out", customer.cookie, ["x=", 60 * MB]);
    expect(refused.status).toBe(413);
    // Give an action that ran anyway the time it used to take (~100 ms) to show.
    await new Promise((r) => setTimeout(r, 500));
    expect(await sessionCount(customer.id)).toBe(1);
    expect(await server.services.db.select().from(securityEvents).where(and(eq(securityEvents.type, "user_signout"), eq(securityEvents.userId, customer.id)))).toEqual([]);

    const page = await fetch(`${server.url}/account`, { headers: { cookie: customer.cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
  });

  it("a chunked body that breaks off mid-way runs no action either", async () => {
    // A body that says it is chunked but ends the connection without its last chunk.
    const answer = await new Promise<number>((resolve) => {
      import("node:net").then(({ connect }) => {
        const url = new URL(server.url);
        const socket = connect(Number(url.port), url.hostname, () => {
          socket.write(`POST /auth/sign-out HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${server.url}\r\nCookie: ${customer.cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nx=1&y\r\n`);
          setTimeout(() => socket.destroy(), 200);
        });
        socket.on("close", () => resolve(0));
        socket.on("error", () => resolve(0));
      });
    });
    expect(answer).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await sessionCount(customer.id)).toBe(1);
  });

  it("a 20 MB chunked confirmation of a booking is answered 413 and releases no money; the same confirmation of a normal size does", async () => {
    const bookingId = await doneBooking(server.services, server.url, customer.id, fixer.id);
    const eventsBefore = (await server.services.db.select({ id: ledgerEvents.id }).from(ledgerEvents).where(eq(ledgerEvents.bookingId, bookingId))).length;

    const refused = await post(`/bookings/${bookingId}`, customer.cookie, ["intent=confirm_done&pad=", 20 * MB]);
    expect(refused.status).toBe(413);
    await new Promise((r) => setTimeout(r, 500));
    const [after] = await server.services.db.select({ state: bookings.state }).from(bookings).where(eq(bookings.id, bookingId));
    expect(after!.state).toBe("done_marked");
    expect((await server.services.db.select({ id: ledgerEvents.id }).from(ledgerEvents).where(eq(ledgerEvents.bookingId, bookingId))).length).toBe(eventsBefore);

    const confirmed = await post(`/bookings/${bookingId}`, customer.cookie, ["intent=confirm_done"], { accept: "text/html" });
    expect(confirmed.status).toBe(303);
    const [released] = await server.services.db.select({ state: bookings.state }).from(bookings).where(eq(bookings.id, bookingId));
    expect(released!.state).toBe("released");
  });
});
