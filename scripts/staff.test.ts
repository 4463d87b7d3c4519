import { describe, expect, it } from "vitest";
import { parseArgs } from "./staff.ts";

describe("npm run staff -- <arguments>", () => {
  it("reads grant (staff by default, or admin), revoke and list", () => {
    expect(parseArgs(["grant", " Ada@Example.com "])).toEqual({ command: "grant", email: "ada@example.com", role: "staff" });
    expect(parseArgs(["grant", "ada@example.com", "admin"])).toEqual({ command: "grant", email: "ada@example.com", role: "admin" });
    expect(parseArgs(["revoke", "ada@example.com"])).toEqual({ command: "revoke", email: "ada@example.com" });
    expect(parseArgs(["list"])).toEqual({ command: "list" });
  });

  it("reads slot-passed with a booking id", () => {
    expect(parseArgs(["slot-passed", "42"])).toEqual({ command: "slot-passed", bookingId: 42 });
  });

  it.each([[[]], [["grant"]], [["grant", "ada@example.com", "user"]], [["grant", "nope"]], [["revoke", "a@b.co", "admin"]], [["list", "x"]], [["delete", "a@b.co"]], [["slot-passed"]], [["slot-passed", "0"]], [["slot-passed", "1e3"]], [["slot-passed", "-4"]], [["slot-passed", "4", "5"]]])(
    "refuses %j",
    (argv) => {
      expect(() => parseArgs(argv as string[])).toThrow();
    },
  );
});
