import { describe, expect, it } from "vitest";
import { deviceNameFrom } from "./device-name";

describe("deviceNameFrom", () => {
  it("names common browsers and systems", () => {
    expect(deviceNameFrom("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36")).toBe("Chrome on Android");
    expect(deviceNameFrom("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")).toBe("Safari on iPhone");
    expect(deviceNameFrom("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0")).toBe("Edge on Windows");
    expect(deviceNameFrom("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0")).toBe("Firefox on Mac");
  });

  it("says 'This browser' for nothing it knows, and never repeats the header", () => {
    expect(deviceNameFrom(undefined)).toBe("This browser");
    expect(deviceNameFrom("<script>alert(1)</script>\u0000".repeat(100))).toBe("This browser");
  });
});
