import { describe, expect, it } from "vitest";
import { chooseContentEncoding } from "./content-encoding";

const ours = ["br", "gzip", "identity"] as const;

describe("chooseContentEncoding", () => {
  it("sends brotli to Chrome, which lists gzip first", () => {
    expect(chooseContentEncoding("gzip, deflate, br, zstd", ours)).toBe("br");
    expect(chooseContentEncoding("gzip, deflate, br", ours)).toBe("br");
  });

  it("honours the client's q-values over our order", () => {
    expect(chooseContentEncoding("gzip;q=1, br;q=0.5", ours)).toBe("gzip");
    expect(chooseContentEncoding("br;q=0, gzip", ours)).toBe("gzip");
    expect(chooseContentEncoding("gzip;q=0.2, identity;q=0.8", ours)).toBe("identity");
  });

  it("falls back to identity, and to nothing when even that is refused", () => {
    expect(chooseContentEncoding("gzip, deflate", ["br", "identity"])).toBe("identity");
    expect(chooseContentEncoding("deflate", ours)).toBe("identity");
    expect(chooseContentEncoding("*", ours)).toBe("br");
    expect(chooseContentEncoding("br;q=0, gzip;q=0, identity;q=0", ours)).toBeUndefined();
    expect(chooseContentEncoding("*;q=0", ours)).toBeUndefined();
  });

  it("sends plain text when the header is absent or empty", () => {
    expect(chooseContentEncoding(undefined, ours)).toBe("identity");
    expect(chooseContentEncoding("", ours)).toBe("identity");
  });
});
