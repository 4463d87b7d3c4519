import { describe, expect, it } from "vitest";
import { idField, z } from "./zod";

describe("idField", () => {
  const schema = z.object({ id: idField("Choose a notification.") });

  it("reads an id as parseId does", () => {
    expect(schema.safeParse({ id: "42" })).toEqual({ success: true, data: { id: 42 } });
  });

  it.each(["042", "0", "-1", "1e2", "0x2a", " 42", "42.0", "", "9007199254740992"])("refuses %j with the form's message", (id) => {
    const result = schema.safeParse({ id });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Choose a notification."]);
  });

  it("refuses a missing field with the same message", () => {
    expect(schema.safeParse({}).error?.issues.map((i) => i.message)).toEqual(["Choose a notification."]);
  });
});
