import { describe, expect, it } from "vitest";
import { clientErrorMessage, clientErrorMessages, withTimeout } from "./client-errors";

describe("clientErrorMessage", () => {
  it("maps timeouts and 522 answers to the timeout message", () => {
    expect(clientErrorMessage(new Error("Request timeout after 20000 ms"))).toBe(clientErrorMessages.timeout);
    expect(clientErrorMessage(new Error("Upstream answered 522"))).toBe(clientErrorMessages.timeout);
    expect(clientErrorMessage(Object.assign(new Error("The operation was aborted"), { name: "TimeoutError" }))).toBe(
      "Request timed out. Please try again.",
    );
  });

  it("maps network and fetch failures to the network message", () => {
    expect(clientErrorMessage(new TypeError("Failed to fetch"))).toBe("Network error. Please check your connection.");
    expect(clientErrorMessage(new TypeError("NetworkError when attempting to fetch resource."))).toBe(clientErrorMessages.network);
  });

  it("keeps any other message, or says an unexpected error occurred", () => {
    expect(clientErrorMessage(new Error("Database is down"))).toBe("Database is down");
    expect(clientErrorMessage({ message: "plain object" })).toBe("plain object");
    expect(clientErrorMessage(new Error(""))).toBe("An unexpected error occurred");
    expect(clientErrorMessage(undefined)).toBe("An unexpected error occurred");
  });
});

describe("withTimeout", () => {
  it("passes a fast answer through and rejects a slow one with a timeout", async () => {
    await expect(withTimeout(Promise.resolve(1), 50)).resolves.toBe(1);
    const slow = new Promise((resolve) => setTimeout(resolve, 200));
    await expect(withTimeout(slow, 10)).rejects.toThrow(/timeout/);
  });
});
