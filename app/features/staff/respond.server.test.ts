import { describe, expect, it } from "vitest";
import { done, refused } from "./messages";
import { staffAnswer } from "./respond.server";

/** A console action answers the one `FormResult` shape (issue 48), with the status its outcome says. */
describe("staffAnswer", () => {
  it("answers a success as a FormResult, 200, private and never stored", () => {
    const answer = staffAnswer(done("Saved", "Your changes are saved."));
    expect(answer.data).toEqual({ form: "staff", status: "success", title: "Saved", message: "Your changes are saved." });
    expect(answer.init?.status).toBe(200);
    expect(new Headers(answer.init?.headers).get("cache-control")).toBe("private, no-store");
  });

  it("answers a refusal with its status, and field messages as an invalid form with what was sent", () => {
    expect(staffAnswer(refused("not-found", "Not found", "There is no such record.")).data).toEqual({ form: "staff", status: "error", title: "Not found", message: "There is no such record." });
    expect(staffAnswer(refused("conflict", "Already hidden", "It was hidden already.")).init?.status).toBe(409);
    const invalid = staffAnswer(refused("invalid", "Give a reason", "The author is told it.", { reason: "Give a reason." }), { reason: "" });
    expect(invalid.init?.status).toBe(400);
    expect(invalid.data).toEqual({ form: "staff", status: "invalid", title: "Give a reason", message: "The author is told it.", fieldErrors: { reason: "Give a reason." }, values: { reason: "" } });
  });
});
