import { describe, expect, it } from "vitest";
import { formatPhone, parseOptionalPhone, parsePhone, phoneMessages } from "./phone";

describe("parsePhone: accepted as people write them, stored as E.164", () => {
  it.each([
    ["07700 900123", "+447700900123"],
    ["07700900123", "+447700900123"],
    ["07700-900-123", "+447700900123"],
    ["(07700) 900123", "+447700900123"],
    ["  07700 900 123  ", "+447700900123"],
    ["+44 7700 900123", "+447700900123"],
    ["+447700900123", "+447700900123"],
    ["+44 (0)7700 900123", "+447700900123"],
    ["0044 7700 900123", "+447700900123"],
    ["00447700900123", "+447700900123"],
    ["020 7946 0958", "+442079460958"],
    ["(020) 7946-0958", "+442079460958"],
    ["0161 496 0000", "+441614960000"],
    ["01632 960123", "+441632960123"],
    ["016977 3456", "+44169773456"],
    ["0300 123 4567", "+443001234567"],
    ["0800 123 456", "+44800123456"],
    ["0808 157 0000", "+448081570000"],
    ["+33 1 23 45 67 89", "+33123456789"],
    ["001 202 555 0143", "+12025550143"],
  ])("%s → %s", (input, e164) => {
    expect(parsePhone(input)).toEqual({ ok: true, e164 });
  });
});

describe("parsePhone: refused with a message saying what is wrong", () => {
  it.each([
    ["", "required"],
    ["   ", "required"],
    ["0770 090012", "tooShort"],
    ["07700 90012", "tooShort"],
    ["020 7946 095", "tooShort"],
    ["07700 9001234", "tooLong"],
    ["+44 7700 9001234", "tooLong"],
    ["7700 900123", "notUk"],
    ["04700 900123", "notUk"],
    ["06700 900123", "notUk"],
    ["07700 900123 ext 4", "characters"],
    ["07700/900123", "characters"],
    ["07700 9OO123", "characters"],
    ["+1 234", "international"],
    ["+0 1234 567890", "international"],
    ["0".repeat(31), "tooLong"],
  ] as const)("%j → %s", (input, problem) => {
    expect(parsePhone(input)).toEqual({ ok: false, problem, message: phoneMessages[problem] });
  });

  it("every message shows an example", () => {
    for (const message of Object.values(phoneMessages)) expect(message).toMatch(/like /);
  });
});

describe("optional phone fields and display", () => {
  it("blank stays blank, anything else is checked", () => {
    expect(parseOptionalPhone("  ")).toEqual({ ok: true, e164: "" });
    expect(parseOptionalPhone("12")).toMatchObject({ ok: false, problem: "notUk" });
    expect(parseOptionalPhone("07700 900123")).toEqual({ ok: true, e164: "+447700900123" });
  });

  it.each([
    ["+447700900123", "07700 900123"],
    ["+442079460958", "020 7946 0958"],
    ["+33123456789", "+33123456789"],
  ])("formatPhone(%s) → %s", (e164, shown) => {
    expect(formatPhone(e164)).toBe(shown);
    expect(parsePhone(shown)).toEqual({ ok: true, e164 });
  });
});
