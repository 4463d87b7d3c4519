import { describe, expect, it } from "vitest";
import { buildPushPayload, PUSH_BODY_MAX } from "./push-payload";

describe("buildPushPayload", () => {
  it("gives each kind its title, the notification's line as the body and its path as the url", () => {
    expect(buildPushPayload({ notificationId: 7, kind: "message", title: "New message from Ann: Leaking tap", link: "/account/jobs/12#messages" })).toEqual({
      title: "New message",
      body: "New message from Ann: Leaking tap",
      url: "/account/jobs/12#messages",
      tag: "message-7",
    });
    expect(buildPushPayload({ notificationId: 8, kind: "quote_received", title: "A quote for Leaking tap", link: "/account/jobs/12" }).title).toBe("New quote");
    expect(buildPushPayload({ notificationId: 9, kind: "booking", title: "Work marked done: Leaking tap", link: "/account/bookings/3" })).toMatchObject({ title: "Booking update", url: "/account/bookings/3" });
    expect(buildPushPayload({ notificationId: 10, kind: "new_job", title: "New plumbing job in SW1", link: "/fixer/jobs/4" }).title).toBe("New job for you");
  });

  it("keeps the tag stable for one cause and different for another", () => {
    const notice = { notificationId: 41, kind: "booking" as const, title: "Booking paid", link: "/account/bookings/3" };
    expect(buildPushPayload(notice).tag).toBe(buildPushPayload({ ...notice }).tag);
    expect(buildPushPayload(notice).tag).not.toBe(buildPushPayload({ ...notice, notificationId: 42 }).tag);
    expect(buildPushPayload(notice).tag).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it("never points off the site, and bounds the body to one short line", () => {
    for (const link of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      expect(buildPushPayload({ notificationId: 1, kind: "message", title: "x", link }).url).toBe("/account/notifications");
    }
    const body = buildPushPayload({ notificationId: 1, kind: "message", title: `a\n${"b".repeat(500)}`, link: "/" }).body;
    expect(body.length).toBe(PUSH_BODY_MAX);
    expect(body).not.toContain("\n");
  });
});
