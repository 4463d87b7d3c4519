import express, { type Express } from "express";
import { isDirectLoopback, nonceMemory } from "#server/security/signed-command.ts";
import type { InfraServices } from "#server/services.ts";
import {
  STAFF_COMMAND_PATH,
  STAFF_SIGNATURE_HEADER,
  STAFF_TIMESTAMP_HEADER,
  staffCommandBodySchema,
  verifyStaffCommandSignature,
  type StaffCommandBody,
} from "./command-signature.server.ts";
import { runCliCommand, type CliCommand } from "./command-run.server.ts";

/**
 * The staff console's HTTP pieces that sit outside React Router:
 * - every /staff response is private, never cached and never indexed;
 * - POST /internal/staff/roles, the running server's side of the command-line tool (roles, and TEST
 *   MODE's slot-passed), for when the
 *   tool cannot open the database itself (PGlite held by this process, or in memory).
 */
export function mountStaffHttp(app: Express, services: Pick<InfraServices, "db" | "config" | "logger">): void {
  app.use(["/staff", "/internal"], (_req, res, next) => {
    res.setHeader("cache-control", "private, no-store");
    res.setHeader("x-robots-tag", "noindex, nofollow");
    // React Router appends a response's headers to these defaults; where a staff route sets one of
    // these (a document's own CSP, its nosniff and no-store), it must replace the default, not add
    // a second header (two CSPs are both enforced).
    const append = res.append.bind(res);
    res.append = ((field: string, value?: string | string[]) => {
      if (REPLACED_HEADERS.has(field.toLowerCase()) && value !== undefined) {
        res.setHeader(field, value);
        return res;
      }
      return append(field, value);
    }) as typeof res.append;
    next();
  });

  const rememberNonce = nonceMemory();

  app.post(STAFF_COMMAND_PATH, express.text({ type: () => true, limit: "4kb" }), async (req, res) => {
    const log = services.logger.child({ component: "staff-cli-endpoint" });
    // Only the machine itself may call, and not through a proxy (a proxy on this host would look local).
    if (!isDirectLoopback(req)) {
      res.status(404).type("text").send("Not found");
      return;
    }
    const body = typeof req.body === "string" ? req.body : "";
    const verdict = verifyStaffCommandSignature(
      services.config.sessionSecret,
      req.get(STAFF_TIMESTAMP_HEADER),
      body,
      req.get(STAFF_SIGNATURE_HEADER),
    );
    if (verdict !== "ok") {
      log.warn({ verdict }, "refused a staff command");
      res.status(401).json({
        ok: false,
        message:
          verdict === "stale"
            ? "The command's timestamp is too far from the server's clock. Check the clock and try again."
            : "The server did not accept the command's signature. Run the tool with the same SESSION_SECRET (or DATA_DIR) as the server.",
      });
      return;
    }
    let parsed: StaffCommandBody;
    try {
      const result = staffCommandBodySchema.safeParse(JSON.parse(body));
      if (!result.success) throw new Error(result.error.issues.map((i) => i.message).join("; "));
      parsed = result.data;
    } catch (error) {
      res.status(400).json({ ok: false, message: `The command was not understood: ${(error as Error).message}` });
      return;
    }
    if (!rememberNonce(parsed.nonce)) {
      res.status(401).json({ ok: false, message: "This command was already used. Run the tool again." });
      return;
    }
    const command: CliCommand =
      parsed.command === "grant"
        ? { command: "grant", email: parsed.email, role: parsed.role }
        : parsed.command === "revoke"
          ? { command: "revoke", email: parsed.email }
          : parsed.command === "slot-passed"
            ? { command: "slot-passed", bookingId: parsed.bookingId }
            : { command: "list" };
    try {
      const setting = { testMode: !services.config.STRIPE_SECRET_KEY, publicUrl: services.config.publicUrl };
      const outcome = await runCliCommand(services.db, command, { userId: null, email: `command line (${parsed.operator})` }, "cli-via-server", setting);
      log.info({ command: parsed.command, ok: outcome.ok }, "staff command run");
      res.status(outcome.ok ? 200 : command.command === "slot-passed" ? 409 : 404).json(outcome);
    } catch (error) {
      log.error({ err: error }, "staff command failed");
      res.status(500).json({ ok: false, message: "The server could not run the command; see its log." });
    }
  });
}

const REPLACED_HEADERS = new Set(["cache-control", "x-content-type-options", "content-security-policy", "x-robots-tag"]);
