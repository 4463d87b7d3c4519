import { describe, expect, it } from "vitest";
import { DRAFT_COOKIE, draftCookie, draftFrom, readDraft } from "./request-draft.server";

const config = { sessionSecret: "s".repeat(32), isProduction: false, publicUrl: "http://localhost:3000" };
const requestWith = (setCookie: string) => new Request("http://localhost/request", { headers: { cookie: setCookie.split(";")[0]! } });

describe("the job request draft kept across sign-in", () => {
  it("reads back what was typed, known fields only, from a signed HttpOnly cookie scoped to /request", () => {
    const cookie = draftCookie(config, draftFrom({ service: "plumbing", title: "Leaking tap", description: "Drips\nall day", role: "admin", photos: ["x"] }));
    expect(cookie).toMatch(new RegExp(`^${DRAFT_COOKIE}=[^;]+; Max-Age=1800; Path=/request; HttpOnly; SameSite=Lax$`));
    expect(readDraft(requestWith(cookie), config)).toEqual({ service: "plumbing", title: "Leaking tap", description: "Drips\nall day" });
  });

  it("ignores an altered, forged or foreign-key cookie", () => {
    const cookie = draftCookie(config, { title: "Mine" });
    const [name, value] = cookie.split(";")[0]!.split("=");
    expect(readDraft(new Request("http://x/", { headers: { cookie: `${name}=${value!.slice(0, -2)}xx` } }), config)).toBeNull();
    expect(readDraft(requestWith(cookie), { sessionSecret: "t".repeat(32) })).toBeNull();
    expect(readDraft(new Request("http://x/", { headers: { cookie: `${DRAFT_COOKIE}=e30.abc` } }), config)).toBeNull();
  });

  it("keeps a draft within a cookie's size, dropping the description when it cannot fit", () => {
    const description = Array.from({ length: 2000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join("");
    const cookie = draftCookie(config, { title: "Big", description });
    expect(cookie.length).toBeLessThan(4000);
    expect(readDraft(requestWith(cookie), config)).toEqual({ title: "Big" });
    expect(readDraft(requestWith(draftCookie(config, { description: "An ordinary description of the job, long enough." })), config)?.description).toContain("ordinary");
  });
});
