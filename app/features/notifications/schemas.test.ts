import { describe, expect, it } from "vitest";
import { markReadSchema } from "./schemas";

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
