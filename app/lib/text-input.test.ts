import { describe, expect, it } from "vitest";
import { checkTextInput, checkTextInputs, textInputMessages } from "./text-input";

describe("checkTextInput", () => {
  it("refuses a NUL byte in any field", () => {
    expect(checkTextInput("Ada\u0000", false)).toEqual({ ok: false, message: textInputMessages.nul });
    expect(checkTextInput("line\u0000", true)).toEqual({ ok: false, message: textInputMessages.nul });
  });

  it("refuses line breaks in a single-line field", () => {
    for (const value of ["Ada\nLovelace", "Ada\r\nBcc: x@example.com", "a\rb", "a\u2028b"]) {
      expect(checkTextInput(value, false)).toEqual({ ok: false, message: textInputMessages.lineBreak });
    }
  });

  it("keeps newlines and tabs in a multi-line field and drops other control characters", () => {
    expect(checkTextInput("one\r\ntwo\rthree\n\tfour\u0007\u001b[31m", true)).toEqual({ ok: true, value: "one\ntwo\nthree\n\tfour[31m" });
  });

  it("drops other control characters from a single-line field", () => {
    expect(checkTextInput("Ada\u0008 Love\u007flace\tX", false)).toEqual({ ok: true, value: "Ada Lovelace X" });
  });

  it("leaves ordinary text, scripts and formulas alone (they are escaped on output)", () => {
    for (const value of ["Zoë O'Brien", "<script>alert(1)</script>", "=cmd|' /C calc'!A0", "'; DROP TABLE users; --"]) {
      expect(checkTextInput(value, false)).toEqual({ ok: true, value });
    }
  });
});

describe("checkTextInputs", () => {
  it("answers the first message per refused field, and cleans the rest", () => {
    const checked = checkTextInputs({ name: "A\nB", message: "x\r\ny", services: ["a", "b\u0000"] }, (f) => f === "message");
    expect(checked.fieldErrors).toEqual({ name: textInputMessages.lineBreak, services: textInputMessages.nul });
    expect(checked.values.message).toBe("x\ny");
  });
});
