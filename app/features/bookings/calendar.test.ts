import { describe, expect, it } from "vitest";
import { emailMessageSchema } from "#server/mail/outbox.ts";
import { bookingInvite, bookingInviteCancellation, bookingInviteText } from "./calendar.server";

describe("a booking's calendar invite", () => {
  const input = { bookingId: 42, title: "Dripping bath tap", slot: { date: "2026-12-01", window: "morning" as const }, url: "https://fixit.test/bookings/42", role: "customer" as const };

  it("is one event at the slot's UK start for the window's length, with the booking's UID and link", () => {
    const ics = bookingInviteText(input).replace(/\r\n[ \t]/g, "");
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain("UID:booking-42@fixit.co.uk");
    expect(ics).toContain("SUMMARY:FixiT booking: Dripping bath tap");
    // 1 December is GMT: the morning window starts 08:00 UTC and lasts 4 hours.
    expect(ics).toContain("DTSTART:20261201T080000Z");
    expect(ics).toMatch(/DURATION:PT4H|DTEND:20261201T120000Z/);
    expect(ics).toContain("Open the booking: https://fixit.test/bookings/42");
    expect(ics).toContain("SEQUENCE:0");
  });

  it("takes a development server's loopback address in its link, and keeps the booking's one UID whatever the link", () => {
    const ics = bookingInviteText({ ...input, url: "http://127.0.0.1:3000/bookings/42" }).replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("Open the booking: http://127.0.0.1:3000/bookings/42");
    expect(ics).toContain("UID:booking-42@fixit.co.uk");
  });

  it("starts a summer afternoon at 11:00 UTC (BST) and carries a new slot's sequence", () => {
    const ics = bookingInviteText({ ...input, slot: { date: "2027-07-01", window: "afternoon" }, sequence: 2 });
    expect(ics).toContain("DTSTART:20270701T110000Z");
    expect(ics).toContain("SEQUENCE:2");
  });

  it("carries the job's address as its LOCATION, commas, semicolons and line breaks escaped (RFC 5545), and none when there is no address", () => {
    const ics = bookingInviteText({ ...input, location: "Flat 2, 10 Acacia Road; rear door\r\nSW1A 1AA" }).replace(/\r\n[ \t]/g, "");
    const line = ics.split("\r\n").find((l) => l.startsWith("LOCATION:"));
    expect(line).toBe("LOCATION:Flat 2\\, 10 Acacia Road\\; rear door\\nSW1A 1AA");
    expect(bookingInviteText(input)).not.toContain("LOCATION");
  });

  it("is an attachment the outbox accepts, and the outbox refuses an unsafe one", () => {
    const message = { to: "a@example.com", subject: "Booking confirmed", html: "<p>Hi</p>", text: "Hi" };
    const invite = bookingInvite(input)!;
    expect(invite.filename).toBe("fixit-booking-42.ics");
    expect(emailMessageSchema.safeParse({ ...message, attachments: [invite] }).success).toBe(true);
    expect(emailMessageSchema.safeParse({ ...message, attachments: [{ ...invite, filename: "../../etc/passwd" }] }).success).toBe(false);
    expect(emailMessageSchema.safeParse({ ...message, attachments: [{ ...invite, contentType: "text/calendar\r\nBcc: x@example.com" }] }).success).toBe(false);
  });

  it("is withdrawn by a cancellation: METHOD:CANCEL, STATUS:CANCELLED, the same UID and a higher SEQUENCE", () => {
    const invite = bookingInviteText({ ...input, sequence: 1 }).replace(/\r\n[ \t]/g, "");
    const cancellation = bookingInviteCancellation({ ...input, sequence: 2 })!;
    const ics = cancellation.content.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(/UID:(\S+)/.exec(ics)![1]).toBe(/UID:(\S+)/.exec(invite)![1]);
    expect(ics).toContain("SEQUENCE:2");
    expect(ics).toContain("DTSTART:20261201T080000Z");
    expect(cancellation.contentType).toContain("method=CANCEL");
    expect(emailMessageSchema.safeParse({ to: "a@example.com", subject: "Booking cancelled", html: "<p>Hi</p>", text: "Hi", attachments: [cancellation] }).success).toBe(true);
  });
});
