// OpenTelemetry traces (docs/OPERATIONS.md, "Traces"): loaded by ./main.js only when an OTLP endpoint
// is set, before the server bundle, so that http, express and pg are patched as they load. Plain
// JavaScript outside the bundle for that reason. The SDK reads the standard OTEL_* variables
// (endpoint, protocol, headers, resource attributes, sampler); the service is "fixit" unless they name it.
import { register } from "node:module";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { ExpressInstrumentation } from "@opentelemetry/instrumentation-express";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";

// The bundle is an ES module: its imports of express and pg are seen through import-in-the-middle's hook.
register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);

const namedByEnv = process.env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name\s*=/.test(process.env.OTEL_RESOURCE_ATTRIBUTES ?? "");

/** Requests whose spans would only be noise: fingerprinted assets and the load balancer's health checks. */
const UNTRACED_PATHS = /^\/(assets\/|healthz$)/;

const sdk = new NodeSDK({
  serviceName: namedByEnv ? undefined : "fixit",
  instrumentations: [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.test(req.url ?? "") }),
    new ExpressInstrumentation(),
    // Only queries made for a request or a job: the outbox's idle polls every few seconds are not traces of anything.
    new PgInstrumentation({ requireParentSpan: true }),
  ],
});
sdk.start();

/** Sends the spans still buffered; the server calls it as it shuts down. */
export function shutdownTracing() {
  return sdk.shutdown();
}
