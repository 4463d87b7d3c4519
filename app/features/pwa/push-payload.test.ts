import { describe, expect, it } from "vitest";
import { genericPush, notificationFor, parsePushPayload, sameOriginPath } from "./push-payload";

const origin = "https://fixit.example";
const good = { title: "New quote", body: "Nell quoted £85.", url: "/account/jobs/4", tag: "quote-9" };

describe("the push payload (decision 073)", () => {
  it("takes FixiT's shape as sent, trimmed", () => {
    expect(parsePushPayload(JSON.stringify(good), origin)).toEqual(good);
    expect(parsePushPayload(JSON.stringify({ ...good, title: "  New quote  ", body: "" }), origin)).toEqual({ ...good, body: "" });
    expect(parsePushPayload(JSON.stringify({ ...good, url: "/account/jobs/4?tab=quotes#q9" }), origin)?.url).toBe("/account/jobs/4?tab=quotes#q9");
  });

  it("bounds the lengths a notification shows", () => {
    const long = parsePushPayload(JSON.stringify({ ...good, title: "t".repeat(500), body: "b".repeat(2000), tag: "g".repeat(500) }), origin)!;
    expect(long.title).toHaveLength(120);
    expect(long.body).toHaveLength(400);
    expect(long.tag).toHaveLength(120);
  });

  it("refuses anything else: not JSON, not an object, a field missing or of the wrong type", () => {
    for (const data of [null, undefined, "", "not json", "[]", "null", "42", '"text"']) expect(parsePushPayload(data, origin), String(data)).toBeNull();
    for (const broken of [{ ...good, title: "" }, { ...good, title: 3 }, { ...good, body: null }, { ...good, tag: "" }, { ...good, tag: ["a"] }, { title: "x" }]) {
      expect(parsePushPayload(JSON.stringify(broken), origin), JSON.stringify(broken)).toBeNull();
    }
  });

  it("opens only a page of this site: other hosts, schemes and protocol-relative paths are refused", () => {
    for (const url of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "data:text/html,x", "account/jobs", "", " /help", "/he\nlp", 7]) {
      expect(sameOriginPath(url, origin), String(url)).toBeNull();
      expect(parsePushPayload(JSON.stringify({ ...good, url }), origin), String(url)).toBeNull();
    }
    expect(sameOriginPath("/help", origin)).toBe("/help");
    expect(sameOriginPath("/a/../help", origin)).toBe("/help");
  });

  it("shows the generic notice, under one tag, for a payload that is not FixiT's", () => {
    expect(notificationFor("garbage", origin)).toBe(genericPush);
    expect(notificationFor(JSON.stringify({ ...good, url: "https://evil.example/" }), origin)).toEqual(genericPush);
    expect(genericPush).toEqual({ title: "FixiT", body: expect.any(String), url: "/", tag: "fixit-update" });
    expect(notificationFor(JSON.stringify(good), origin)).toEqual(good);
  });
});
