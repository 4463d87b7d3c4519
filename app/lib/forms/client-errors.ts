/**
 * The one error handler for calls to the server: what a person reads when a request from the
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

/** Rejects with a TimeoutError when `promise` takes longer than `ms` (a submission waits at most SUBMIT_TIMEOUT_MS, 20 s). */
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

/** How long a form submission may take before the browser gives up on it. */
export const SUBMIT_TIMEOUT_MS = 20_000;

/**
 * The body of a route's clientAction: runs the server action within the time limit; a failure that
 * never reached the action (offline, timeout, 5xx) becomes `onFailure(error)`, the form's own error
 * answer, instead of the page's error screen. A redirect goes on as usual.
 */
export async function clientActionWithin<T>(serverAction: () => Promise<unknown>, onFailure: (error: unknown) => T): Promise<unknown> {
  try {
    return await withTimeout(serverAction(), SUBMIT_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof Response) throw error;
    return onFailure(error);
  }
}
