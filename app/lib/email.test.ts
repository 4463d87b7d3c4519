import { describe, expect, it } from "vitest";
import { emailKey, emailMessages, parseEmail } from "./email";

describe("parseEmail: an address is never changed beyond trimming and its domain's case", () => {
  it.each([
    ["pat+fixit@example.com", "pat+fixit@example.com"],
    ["  pat+fixit@example.com  ", "pat+fixit@example.com"],
    ["Pat+FixiT@Example.COM", "Pat+FixiT@example.com"],
    ["first.last@sub.example.co.uk", "first.last@sub.example.co.uk"],
    ["o'brien@example.ie", "o'brien@example.ie"],
    ["user_name-1@example-mail.com", "user_name-1@example-mail.com"],
    ["a@b.io", "a@b.io"],
    ["x!#$%&*/=?^`{|}~@example.org", "x!#$%&*/=?^`{|}~@example.org"],
    ["name@xn--bcher-kva.example", "name@xn--bcher-kva.example"],
  ])("%j → %j", (input, email) => {
    expect(parseEmail(input)).toEqual({ ok: true, email });
  });

  it.each([
    ["", "required"],
    ["   ", "required"],
    ["pat", "invalid"],
    ["pat@", "invalid"],
    ["@example.com", "invalid"],
    ["pat@example", "invalid"],
    ["pat@@example.com", "invalid"],
    ["pat fixit@example.com", "invalid"],
    ["pat..fixit@example.com", "invalid"],
    [".pat@example.com", "invalid"],
    ["pat.@example.com", "invalid"],
    ["pat@-example.com", "invalid"],
    ["pat@example..com", "invalid"],
    ["pat@example.c", "invalid"],
    ["<pat>@example.com", "invalid"],
    ["pat@example.com\nbcc@evil.test", "invalid"],
    [`${"a".repeat(65)}@example.com`, "invalid"],
    [`${"a".repeat(60)}@${"b".repeat(200)}.com`, "tooLong"],
  ] as const)("%j → %s", (input, problem) => {
    expect(parseEmail(input)).toEqual({ ok: false, problem, message: emailMessages[problem] });
  });

  it("two spellings of one address share a duplicate key", () => {
    expect(emailKey(" Pat+FixiT@Example.com")).toBe(emailKey("pat+fixit@example.COM"));
    expect(emailKey("pat+fixit@example.com")).not.toBe(emailKey("patfixit@example.com"));
  });
});
