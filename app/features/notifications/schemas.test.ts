import { describe, expect, it } from "vitest";
import { markReadSchema, pushDeviceSchema } from "./schemas";

describe("markReadSchema", () => {
  it("reads one notification's id, or all of them", () => {
    expect(markReadSchema.parse({ intent: "read", id: "12" })).toEqual({ intent: "read", id: 12 });
    expect(markReadSchema.parse({ intent: "read-all" })).toEqual({ intent: "read-all" });
  });

  it.each(["012", "12e0", " 12", "0x0c", "0", "-12"])("refuses the id %j: one spelling per notification (issue 48)", (id) => {
    const result = markReadSchema.safeParse({ intent: "read", id });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Choose a notification."]);
  });
});

describe("pushDeviceSchema", () => {
  const device = {
    intent: "subscribe",
    endpoint: "https://fcm.googleapis.com/fcm/send/abc:def",
    p256dh: `B${"A".repeat(86)}`,
    auth: "AAAAAAAAAAAAAAAAAAAAAA",
  };

  it("takes a browser's subscription, with or without a name", () => {
    expect(pushDeviceSchema().parse(device)).toEqual(device);
    expect(pushDeviceSchema().parse({ ...device, name: "  My phone " })).toMatchObject({ name: "My phone" });
  });

  it("takes http only on loopback, and only when the server allows it (tests)", () => {
    const loopback = { ...device, endpoint: "http://127.0.0.1:4000/push/1" };
    expect(pushDeviceSchema(false).safeParse(loopback).error?.issues[0]?.message).toBe("The push endpoint must be an https address.");
    expect(pushDeviceSchema(true).safeParse(loopback).success).toBe(true);
    expect(pushDeviceSchema(true).safeParse({ ...device, endpoint: "http://push.example.com/1" }).success).toBe(false);
  });

  it.each([
    ["endpoint", "ftp://push.example.com/x"],
    ["endpoint", "https://a:b@push.example.com/x"],
    ["endpoint", `https://push.example.com/${"x".repeat(2048)}`],
    ["p256dh", `A${"A".repeat(86)}`],
    ["p256dh", `B${"A".repeat(85)}`],
    ["auth", "AAAAAAAAAAAAAAAAAAAAAB"],
    ["auth", "AAAAAAAAAAAAAAAAAAAAA"],
    ["name", "x".repeat(61)],
    ["name", "tab\there"],
  ])("refuses %s %j", (field, value) => {
    const result = pushDeviceSchema(true).safeParse({ ...device, [field]: value });
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it("reads a Remove button's id", () => {
    expect(pushDeviceSchema().parse({ intent: "remove", id: "7" })).toEqual({ intent: "remove", id: 7 });
    expect(pushDeviceSchema().safeParse({ intent: "remove", id: "07" }).success).toBe(false);
  });
});
