import { describe, expect, it } from "vitest";
import { bodyLimitFor, type BodyLimits } from "./body-limit";

const limits: BodyLimits = {
  form: 100_000,
  json: 65_536,
  routes: [
    { match: (path) => path === "/request", multipart: 51_000_000 },
    { match: (path) => path.startsWith("/staff/vip-posts/"), form: 1_000_000 },
  ],
};

describe("bodyLimitFor", () => {
  it("gives an upload route its multipart cap, and its forms the default", () => {
    expect(bodyLimitFor(limits, "/request", "multipart/form-data; boundary=x")).toBe(51_000_000);
    expect(bodyLimitFor(limits, "/request", "application/x-www-form-urlencoded")).toBe(100_000);
  });

  it("gives a page's data URL (a form sent with JavaScript) the page's own cap", () => {
    expect(bodyLimitFor(limits, "/request.data", "multipart/form-data; boundary=x")).toBe(51_000_000);
    expect(bodyLimitFor(limits, "/staff/vip-posts/7.data", "application/x-www-form-urlencoded")).toBe(1_000_000);
  });

  it("keeps every other path, data URL or not, at the defaults", () => {
    expect(bodyLimitFor(limits, "/recruitment.data", "multipart/form-data; boundary=x")).toBe(100_000);
    expect(bodyLimitFor(limits, "/request.data.data", "multipart/form-data; boundary=x")).toBe(100_000);
    expect(bodyLimitFor(limits, "/request", "application/json")).toBe(65_536);
  });
});
