// OpenTelemetry traces (docs/OPERATIONS.md, "Traces"): loaded by ./main.js only when an OTLP endpoint
// is set, before the server bundle, so that http, express and pg are patched as they load. Plain
// JavaScript outside the bundle for that reason. The SDK reads the standard OTEL_* variables
// (endpoint, protocol, headers, resource attributes, sampler); the service is "fixit" unless they name it.
import { createRequire } from "node:module";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { ExpressInstrumentation, ExpressLayerType } from "@opentelemetry/instrumentation-express";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";

const namedByEnv = process.env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name\s*=/.test(process.env.OTEL_RESOURCE_ATTRIBUTES ?? "");

/** Requests whose spans would only be noise: fingerprinted assets and the load balancer's health checks. */
const UNTRACED_PATHS = /^\/(assets\/|healthz$)/;

const sdk = new NodeSDK({
  serviceName: namedByEnv ? undefined : "fixit",
  instrumentations: [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.test(req.url ?? "") }),
    // Express's own routes (the Stripe webhook, the staff tool's endpoint) name their requests; a span per middleware (about fifteen a request) would be noise.
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
    // Only queries made for a request or a job: the outbox's idle polls every few seconds are not traces of anything.
    new PgInstrumentation({ requireParentSpan: true }),
  ],
});
sdk.start();
// The instrumentations patch modules as require() loads them. The bundle's `import express` loads
// express without require(), so it is required here first: the import then gets the same, patched,
// exports from Node's module cache. (pg is reached through its own require() calls; http is shared.)
// Import-in-the-middle's loader hook would catch imports too, but cost ~80 MB: every module wrapped.
createRequire(import.meta.url)("express");

/** Sends the spans still buffered; the server calls it as it shuts down. */
export function shutdownTracing() {
  return sdk.shutdown();
}
