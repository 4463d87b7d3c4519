/**
 * The spec's data-call error handler (001 §8): what a person reads when a request from the
 * browser fails before the server could answer with field messages.
 */
export const clientErrorMessages = {
  timeout: "Request timed out. Please try again.",
  network: "Network error. Please check your connection.",
  unexpected: "An unexpected error occurred",
} as const;

export function clientErrorMessage(error: unknown): string {
  const message =
    error instanceof Error ? error.message : typeof error === "string" ? error : typeof error === "object" && error && "message" in error ? String((error as { message: unknown }).message) : "";
  const lower = message.toLowerCase();
  if ((error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) || lower.includes("timeout") || lower.includes("timed out") || lower.includes("522")) {
    return clientErrorMessages.timeout;
  }
  if (lower.includes("network") || lower.includes("fetch")) return clientErrorMessages.network;
  return message.trim() || clientErrorMessages.unexpected;
}

/** Rejects with a TimeoutError when `promise` takes longer than `ms` (the spec's 20 s function limit). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(`Request timeout after ${ms} ms`), { name: "TimeoutError" })), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
