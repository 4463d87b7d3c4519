import http from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, waitForMail } from "./auth-helpers";
import { startTestServer, testDbKind, type TestServer } from "./helpers/server";

/**
 * OpenTelemetry traces (docs/OPERATIONS.md, "Traces"): with OTEL_EXPORTER_OTLP_ENDPOINT set, the
 * server process sends its spans (requests named by route, PostgreSQL queries, outbox jobs) to an
 * OTLP/HTTP collector, played here by a tiny receiver; without it, no OpenTelemetry module loads.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[] };
type ExportRequest = { resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
const strong = "Correct-Horse-Battery-42";

function attribute(attributes: OtlpAttribute[] | undefined, key: string): string | number | boolean | undefined {
  const value = attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? value?.boolValue : Number(value.intValue));
}

/** The modules a server started with `recordModules(...)` loaded: each one's file URL and its importer's. */
function recordModules() {
  const folder = mkdtempSync(path.join(tmpdir(), "fixit-modules-"));
  const file = path.join(folder, "modules.txt");
  return {
    nodeArgs: [`--import=${path.resolve("tests/helpers/record-module-loads.mjs")}`],
    env: { RECORD_MODULES_FILE: file },
    loaded: () =>
      (existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : []).map((line) => {
        const [url = "", importer = ""] = line.split(" ");
        return { url, importer };
      }),
    dispose: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** A page request, a page whose loader answers 404, and a sign-up (which queues its confirmation email). */
async function visitAndSignUp(base: string, email: string) {
  expect((await fetch(`${base}/`)).status).toBe(200);
  expect((await fetch(`${base}/checkout/test/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  const browser = new Browser(base);
  const res = await browser.post("/auth", { intent: "sign-up", fullName: "Trace Tester", email, phone: "", password: strong, confirmPassword: strong }, { origin: base });
  expect(res.status).toBe(200);
  await waitForMail(base, email, "Confirm your FixiT account");
}

describe("with OTEL_EXPORTER_OTLP_ENDPOINT set", () => {
  const exports: ExportRequest[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces") exports.push(JSON.parse(body) as ExportRequest);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  const modules = recordModules();
  let server: TestServer;
  let spansBeforeShutdown = 0;
  const spans = () => exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as { port: number };
    server = await startTestServer({
      nodeArgs: modules.nodeArgs,
      env: {
        ...modules.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        // JSON rather than the default protobuf, so the receiver can read it.
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_RESOURCE_ATTRIBUTES: "deployment.environment.name=test",
        // Spans wait in the batch for a minute: the ones seen here were sent by the shutdown's flush.
        OTEL_BSP_SCHEDULE_DELAY: "60000",
      },
    });
    await visitAndSignUp(server.url, "traced@example.com");
    // A payment with the test provider: its charge is a payment-provider call.
    const buyer = new Browser(server.url);
    const started = await buyer.post("/checkout/vip", {}, { origin: server.url });
    expect(started.status).toBe(303);
    const paid = await buyer.post(started.headers.get("location")!, { email: "traced@example.com", cardName: "Mary Seacole", cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" }, { origin: server.url });
    expect(paid.status).toBe(302);
    // An Express route outside React Router: refused here (no Stripe settings), and named all the same.
    expect((await fetch(`${server.url}/api/payments/stripe-webhook`, { method: "POST", body: "{}" })).status).toBeGreaterThanOrEqual(400);
    spansBeforeShutdown = spans().length;
    expect(await server.stop("SIGTERM")).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await server?.dispose();
    receiver.close();
    modules.dispose();
  });

  it("flushes the spans as the server shuts down, under the service name fixit with the resource attributes from the environment", () => {
    expect(spansBeforeShutdown).toBe(0);
    expect(spans().length).toBeGreaterThan(0);
    for (const exported of exports) {
      for (const { resource } of exported.resourceSpans) {
        expect(attribute(resource.attributes, "service.name")).toBe("fixit");
        expect(attribute(resource.attributes, "deployment.environment.name")).toBe("test");
      }
    }
  });

  it("traces each request as a server span named by its route pattern, not its URL", () => {
    const requests = spans().filter((s) => s.kind === SPAN_KIND_SERVER);
    expect(requests.map((s) => s.name)).toEqual(expect.arrayContaining(["GET /", "GET /checkout/test/:paymentId", "POST /auth", "POST /api/payments/stripe-webhook"]));
    const checkout = requests.find((s) => s.name === "GET /checkout/test/:paymentId")!;
    expect(attribute(checkout.attributes, "http.route")).toBe("/checkout/test/:paymentId");
    expect(attribute(checkout.attributes, "http.response.status_code")).toBe(404);
    // The loader ran inside the request's trace.
    const loader = spans().find((s) => s.name === "loader /checkout/test/:paymentId");
    expect(loader?.traceId).toBe(checkout.traceId);
  });

  it("traces the outbox job the sign-up queued", () => {
    const job = spans().find((s) => s.name === "outbox email");
    expect(job).toBeDefined();
    expect(attribute(job!.attributes, "fixit.job.kind")).toBe("email");
    expect(attribute(job!.attributes, "fixit.job.attempt")).toBe(1);
  });

  it("traces the payment provider's charge inside the request that paid", () => {
    const charge = spans().find((s) => s.name === "payment-provider charge");
    expect(charge).toBeDefined();
    expect(attribute(charge!.attributes, "fixit.payment_provider")).toBe("test");
    expect(attribute(charge!.attributes, "fixit.card_outcome")).toBe("succeeds");
    const request = spans().find((s) => s.kind === SPAN_KIND_SERVER && s.traceId === charge!.traceId);
    expect(request?.name).toBe("POST /checkout/test/:paymentId");
  });

  it("traces the database queries of a request on PostgreSQL (PGlite's do not go through pg: none)", () => {
    const signUp = spans().find((s) => s.kind === SPAN_KIND_SERVER && s.name === "POST /auth")!;
    const queries = spans().filter((s) => s.kind === SPAN_KIND_CLIENT && (attribute(s.attributes, "db.system.name") ?? attribute(s.attributes, "db.system")) === "postgresql");
    if (testDbKind() === "postgres") {
      expect(queries.filter((q) => q.traceId === signUp.traceId).length).toBeGreaterThan(0);
      // Only queries made for a request or a job: the outbox's idle polls start no trace of their own.
      const traced = new Set(spans().filter((s) => s.kind === SPAN_KIND_SERVER || s.name.startsWith("outbox ")).map((s) => s.traceId));
      expect(queries.filter((q) => !traced.has(q.traceId))).toEqual([]);
    } else {
      expect(queries).toEqual([]);
    }
  });

  it("loaded OpenTelemetry's SDK in the server process (the module recorder sees it)", () => {
    expect(modules.loaded().some(({ url }) => url.includes("/node_modules/@opentelemetry/sdk-node/"))).toBe(true);
  });
});

describe("without OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  const modules = recordModules();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ nodeArgs: modules.nodeArgs, env: modules.env });
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
    modules.dispose();
  });

  it("loads none of OpenTelemetry's SDK, exporters or instrumentations, through pages, a sign-up and its outbox job", async () => {
    await visitAndSignUp(server.url, "untraced@example.com");
    const loaded = modules.loaded();
    // The recorder works: it saw the server's own packages.
    expect(loaded.some(({ url }) => url.includes("/node_modules/express/"))).toBe(true);
    // better-auth imports the API whenever it is installed (a no-op without an SDK); nothing of ours does.
    const openTelemetry = loaded.filter(({ url }) => url.includes("opentelemetry"));
    expect(openTelemetry.map(({ url }) => url.replace(/^.*node_modules\//, ""))).toEqual(["@opentelemetry/api/build/src/index.js"]);
    expect(openTelemetry[0]!.importer).toMatch(/node_modules\/@better-auth\/core\//);
  });
});
