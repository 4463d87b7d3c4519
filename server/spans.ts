import type * as OpenTelemetryApi from "@opentelemetry/api";
import type { Attributes, Tracer } from "@opentelemetry/api";
import type { InstrumentationHandlerResult, ServerInstrumentation } from "react-router";

/**
 * Spans of our own (outbox jobs, payment-provider calls, React Router's loaders and actions) for the
 * traces server/tracing.js sends. OpenTelemetry's API is loaded only once traces are on
 * ({@link enableSpans}); until then every helper here runs its work and nothing else.
 */
type Api = typeof OpenTelemetryApi;
let tracing: { api: Api; tracer: Tracer } | undefined;

/** Called at start-up when an OTLP endpoint is set (the SDK is already running: server/main.js). */
export async function enableSpans(): Promise<void> {
  const api = await import("@opentelemetry/api");
  tracing = { api, tracer: api.trace.getTracer("fixit") };
}

/** Runs `work` inside a span named `name` (the current span's child); a thrown error marks the span failed. */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!tracing) return work();
  const { api, tracer } = tracing;
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Names the request being traced after its route pattern (`/bookings/:id`): the HTTP span then reads
 * `GET /bookings/:id` with that `http.route`, as Express's own routes are named. The HTTP instrumentation
 * takes the route from its per-request metadata, which lives in the context under this key
 * (@opentelemetry/core's setRPCMetadata; createContextKey is Symbol.for of the description).
 */
export function nameRequestRoute(pattern: string): void {
  if (!tracing) return;
  const metadata = tracing.api.context.active().getValue(Symbol.for("OpenTelemetry SDK Context Key RPC_METADATA")) as { route?: string } | undefined;
  if (metadata && (metadata.route === undefined || pattern.length >= metadata.route.length)) metadata.route = pattern;
}

/**
 * React Router's server instrumentation (exported by app/entry.server.tsx): a span for each loader and
 * action, named with its route pattern, which also names the request. Without traces it only calls through.
 */
export const routeSpans: ServerInstrumentation = {
  route(route) {
    route.instrument({
      loader: (call, info) => routeHandlerSpan("loader", call, info.pattern),
      action: (call, info) => routeHandlerSpan("action", call, info.pattern),
    });
  },
};

async function routeHandlerSpan(kind: "loader" | "action", call: () => Promise<InstrumentationHandlerResult>, pattern: string): Promise<void> {
  if (!tracing) {
    await call();
    return;
  }
  // React Router writes child routes' patterns without the leading slash (`checkout/test/:paymentId`).
  const route = pattern.startsWith("/") ? pattern : `/${pattern}`;
  nameRequestRoute(route);
  // React Router hands back the handler's error as a result rather than throwing it.
  await inSpan(`${kind} ${route}`, { "http.route": route }, async () => {
    const result = await call();
    // A thrown Response (a redirect, a 404) is an answer, not a failure.
    if (result.status === "error" && !(result.error instanceof Response)) throw result.error;
  }).catch(() => {});
}
