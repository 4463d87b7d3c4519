import { describe, expect, it } from "vitest";
import { DRAFT_COOKIE, draftCookie, draftFrom, draftToken } from "./request-draft.server";

const config = { isProduction: false, publicUrl: "http://localhost:3000" };
const token = "A".repeat(43);

describe("the job draft kept across sign-in", () => {
  it("holds only a random token in an HttpOnly cookie on every path (a move to /request loads /request.data)", () => {
    expect(draftCookie(config, token)).toBe(`${DRAFT_COOKIE}=${token}; Max-Age=1800; Path=/; HttpOnly; SameSite=Lax`);
    expect(draftCookie({ isProduction: true, publicUrl: "https://fixit.example" }, token)).toMatch(/; Secure$/);
  });

  it("reads back a token of the right shape only", () => {
    const request = (cookie: string) => new Request("http://localhost/request.data", { headers: { cookie } });
    expect(draftToken(request(`a=b; ${DRAFT_COOKIE}=${token}`))).toBe(token);
    expect(draftToken(request(`${DRAFT_COOKIE}=${token.slice(1)}`))).toBeNull();
    expect(draftToken(request(`${DRAFT_COOKIE}=${token.slice(1)}%`))).toBeNull();
    expect(draftToken(request(""))).toBeNull();
  });

  it("keeps known fields only, each a bounded string", () => {
    expect(draftFrom({ service: "plumbing", title: "Leaking tap", description: "Drips\nall day", role: "admin", photos: ["x"], budget: "  " })).toEqual({
      service: "plumbing",
      title: "Leaking tap",
      description: "Drips\nall day",
    });
    expect(draftFrom({ title: "x".repeat(500) }).title).toHaveLength(200);
  });
});
