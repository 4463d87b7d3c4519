import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, linkIn, waitForMail } from "./auth-helpers";
import { processMemoryMb, rawRequest, resetPeakMemory, type RawRequest } from "./helpers/hostile-http";
import { startTestServer, testDbKind, type TestServer } from "./helpers/server";

/**
 * Hostile bodies (issue 39): every body is read through its route's cap while it is read, whatever
 * its framing. A chunked body of 1 to 100 MB to any public form or the auth API is answered 413 at
 * once, in a few bytes, and the server stays up with flat memory; a refusal echoes no more than a
 * field allows; every staff action reads its body as the public forms do (a malformed multipart
 * body is a 400, never a 500). The server runs as `npm start` runs it (supervisor and server
 * process), so its memory is read from the server process and a restart would show as a new pid.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let server: TestServer;
let base: string;
let staff: Browser;
let serverPid: number;
const ADMIN = "bodies-admin@example.com";
const strong = "Correct-Horse-Battery-42";
/** The memory budget of decision 035 / DESIGN.md: the embedded database lives in the process. */
const RSS_BUDGET_MB = testDbKind() === "postgres" ? 250 : 450;
const MB = 1024 * 1024;

let ipCounter = 0;
const nextIp = () => `10.39.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

beforeAll(async () => {
  // With the heap flags `npm start` runs the server with (package.json), as the memory budget assumes,
  // and on the PGlite pass on the embedded default as `npm start` opens it, on disk (DATABASE_URL
  // empty). An in-memory PGlite keeps the whole database in the process's WebAssembly memory, which
  // the budget is not for: on a loaded machine its peak came to 453 MB (on disk, idle: 287–307 MB).
  const embeddedOnDisk: Record<string, string> = testDbKind() === "pglite" ? { DATABASE_URL: "" } : {};
  server = await startTestServer({ env: { STAFF_ADMIN_EMAILS: ADMIN, ...embeddedOnDisk }, nodeArgs: ["--max-old-space-size=192", "--max-semi-space-size=8"] });
  base = server.url;
  serverPid = server.serverPid()!;
  expect(serverPid).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await server?.dispose();
});

const send = (request: RawRequest) => rawRequest(base, { ...request, headers: { origin: base, "x-forwarded-for": nextIp(), ...request.headers } });

/** Every public form (urlencoded, as the probe sent them) and better-auth's JSON endpoints. */
const FORM_PATHS = ["/help", "/careers", "/early-access", "/recruitment", "/fixer-register", "/auth", "/reset-password", "/request", "/emergency", "/consent"];
const JSON_PATHS = ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/request-password-reset"];
/** The upload routes take more than a text form, but never 100 MB. */
const UPLOADS = [
  { path: "/recruitment", field: "cv", file: "cv.pdf", head: "%PDF-1.7\n" },
  { path: "/request", field: "photos", file: "tap.jpg", head: "\xff\xd8\xff\xe0" },
  { path: "/emergency", field: "photos", file: "leak.jpg", head: "\xff\xd8\xff\xe0" },
];

function bodyOf(path: string, megabytes: number): RawRequest {
  if (path.startsWith("/api/")) {
    return { path, headers: { "content-type": "application/json" }, body: ['{"email":"a@example.com","password":"', megabytes * MB, '"}'] };
  }
  return { path, headers: { "content-type": "application/x-www-form-urlencoded" }, body: ["intent=help&name=Ann&email=ann%40example.com&description=", megabytes * MB] };
}

/** Polls /healthz every 100 ms while `work` runs: the slowest answer, and any that failed. */
async function watchHealth<T>(work: () => Promise<T>): Promise<{ result: T; slowestMs: number; failed: number }> {
  let running = true;
  let slowestMs = 0;
  let failed = 0;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status !== 200) failed += 1;
      } catch {
        failed += 1;
      }
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    return { result: await work(), slowestMs, failed };
  } finally {
    running = false;
    await poll;
  }
}

describe("hostile bodies", () => {
  it("answers a chunked body of 1, 10, 50 and 100 MB to every public form and the auth API with a 413 of a few bytes, and stays up with flat memory", async () => {
    // The peak is measured over these requests alone (the sign-up before them hashed a password).
    resetPeakMemory(serverPid);
    const before = processMemoryMb(serverPid);
    const answers: string[] = [];
    const watched = await watchHealth(async () => {
      for (const megabytes of [1, 10, 50, 100]) {
        for (const path of [...FORM_PATHS, ...JSON_PATHS]) {
          const answer = await send(bodyOf(path, megabytes));
          answers.push(`${path} ${megabytes} MB → ${answer.status} (${answer.bytes} bytes, ${Math.round(answer.ms)} ms)`);
          expect(answer.status, `${path} ${megabytes} MB`).toBe(413);
          expect(answer.bytes, `${path} ${megabytes} MB`).toBeLessThan(1024);
        }
      }
      for (const upload of UPLOADS) {
        const boundary = "----hostile39";
        const answer = await send({
          path: upload.path,
          headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
          body: [`--${boundary}\r\nContent-Disposition: form-data; name="${upload.field}"; filename="${upload.file}"\r\nContent-Type: application/octet-stream\r\n\r\n`, Buffer.from(upload.head, "latin1"), 100 * MB, `\r\n--${boundary}--\r\n`],
        });
        answers.push(`${upload.path} 100 MB upload → ${answer.status} (${answer.bytes} bytes)`);
        expect(answer.status, `${upload.path} upload`).toBe(413);
      }
    });
    const after = processMemoryMb(serverPid);
    console.log(
      `hostile bodies (${testDbKind()}): ${answers.length} refused; server RSS ${before.rss} → ${after.rss} MB, peak ${after.peak} MB (budget ${RSS_BUDGET_MB}); ` +
        `slowest /healthz meanwhile ${Math.round(watched.slowestMs)} ms, ${watched.failed} failed`,
    );
    // The same server process answered throughout: it neither died nor was restarted by the supervisor.
    expect(server.serverPid()).toBe(serverPid);
    expect(watched.failed).toBe(0);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(after.peak).toBeLessThan(RSS_BUDGET_MB);
  }, 300_000);

  it("lets an upload sent with JavaScript (to the page's .data URL) through the page's own cap, not the text forms'", async () => {
    // 2 MB, a phone photo's or a CV's size: over the 100 KB of a text form, under the upload's cap.
    // The body is read to the end and refused on its content (not a photo, not a CV), never as too large.
    for (const upload of UPLOADS) {
      for (const path of [upload.path, `${upload.path}.data`]) {
        const boundary = "----jsupload";
        const answer = await send({
          path,
          chunked: false,
          headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
          body: [`--${boundary}\r\nContent-Disposition: form-data; name="${upload.field}"; filename="${upload.file}"\r\nContent-Type: application/octet-stream\r\n\r\n`, Buffer.from(upload.head, "latin1"), 2 * MB, `\r\n--${boundary}--\r\n`],
        });
        expect(answer.status, `${path} 2 MB upload: ${answer.body.slice(0, 200)}`).not.toBe(413);
        expect(answer.status, path).toBeLessThan(500);
      }
    }
  });

  it("refuses a Content-Length over the cap before reading the body", async () => {
    // 100 MB announced, 1 KB sent: the answer comes without the rest.
    const answer = await send({ path: "/help", chunked: false, headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(100 * MB) }, body: [1024], timeoutMs: 10_000 });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("This request is too large. Please send less and try again.");
  });

  it("echoes a refused value no longer than its field allows", async () => {
    // Under the cap, over the field's 5,000 characters: a 400 whose answer holds the field cut to its length.
    const long = "x".repeat(90_000);
    const body = new URLSearchParams({ intent: "help", name: "Ann", email: "ann@example.com", phone: "", description: long }).toString();
    for (const accept of ["application/json", "text/html"]) {
      const answer = await send({ path: "/help", headers: { "content-type": "application/x-www-form-urlencoded", accept }, body: [body] });
      expect(answer.status, accept).toBe(400);
      expect(answer.body.includes("x".repeat(5_001)), accept).toBe(false);
      if (accept === "application/json") expect(answer.bytes).toBeLessThan(8_000);
    }
  });
});

const STAFF_ACTIONS = ["/staff/vip-posts/new", "/staff/vip-posts/1", "/staff/users/someone", "/staff/onboarding/1", "/staff/jobs/1", "/staff/outbox/1", "/staff/vip-codes/1"];
const B = "XyZ39";
const part = (name: string, value: string, extra = "") => `--${B}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
const MALFORMED_MULTIPART: { label: string; type: string; body: (string | number)[]; status?: number }[] = [
  { label: "no boundary", type: "multipart/form-data", body: ["intent=save&title=x"] },
  { label: "an empty boundary", type: "multipart/form-data; boundary=", body: ["--\r\n\r\n"] },
  { label: "a boundary of 200 characters", type: `multipart/form-data; boundary=${"b".repeat(200)}`, body: [`--${"b".repeat(200)}\r\n`] },
  { label: "a body without the boundary", type: `multipart/form-data; boundary=${B}`, body: ["just some text"] },
  { label: "another boundary in the body", type: `multipart/form-data; boundary=${B}`, body: ['--Other\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n--Other--\r\n'] },
  { label: "an unterminated body", type: `multipart/form-data; boundary=${B}`, body: [`--${B}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave`] },
  { label: "a part whose headers never end", type: `multipart/form-data; boundary=${B}`, body: [`--${B}\r\nContent-Disposition: form-data; name="intent"\r\nsave\r\n--${B}--\r\n`] },
  { label: "a part without a name", type: `multipart/form-data; boundary=${B}`, body: [`--${B}\r\nContent-Disposition: form-data\r\n\r\nsave\r\n--${B}--\r\n`] },
  { label: "an empty body", type: `multipart/form-data; boundary=${B}`, body: [] },
  { label: "a NUL byte in a part's name", type: `multipart/form-data; boundary=${B}`, body: [part("in\u0000tent", "save"), `--${B}--\r\n`] },
  { label: "a file where a field belongs", type: `multipart/form-data; boundary=${B}`, body: [part("intent", "MZ", '; filename="a.exe"'), `--${B}--\r\n`] },
  { label: "10 MB sent chunked", type: `multipart/form-data; boundary=${B}`, body: [`--${B}\r\nContent-Disposition: form-data; name="content"\r\n\r\n`, 10 * MB, `\r\n--${B}--\r\n`], status: 413 },
];

describe("staff actions read their bodies as the public forms do", () => {
  // Signed up after the bodies' memory was measured: a sign-up loads the password checker (~55 MB, decision 032).
  beforeAll(async () => {
    staff = new Browser(base);
    const res = await staff.post("/auth", { intent: "sign-up", fullName: "Bodies Admin", email: ADMIN, phone: "", password: strong, confirmPassword: strong }, { "x-forwarded-for": nextIp() });
    expect(res.status).toBe(200);
    const mail = await waitForMail(base, ADMIN, "Confirm your FixiT account");
    expect((await staff.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
    expect((await staff.get("/staff")).status).toBe(200);
  }, 120_000);

  it("answers every malformed multipart body on every staff action with a clear 400 (or 413 when too large), never a 5xx", async () => {
    const outcomes: string[] = [];
    for (const path of STAFF_ACTIONS) {
      for (const variant of MALFORMED_MULTIPART) {
        const answer = await send({ path, headers: { cookie: staff.cookieHeader(), "content-type": variant.type, accept: "application/json" }, body: variant.body });
        const expected = variant.status ?? 400;
        if (answer.status !== expected) outcomes.push(`${path} with ${variant.label} → ${answer.status} ${answer.body.slice(0, 120)}`);
        else if (expected === 400) expect(answer.body, `${path} with ${variant.label}`).toMatch(/could not be read|not understood/);
      }
    }
    expect(outcomes).toEqual([]);
    expect(server.serverPid()).toBe(serverPid);
  }, 120_000);
});
