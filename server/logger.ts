import pino from "pino";
import { noteDatabaseError } from "./db/request-facts.ts";

export type Logger = pino.Logger;

/** Logs as JSON lines to stdout, or to `destination` when the caller collects them itself (tests). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "fixit" },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.password"],
      censor: "[redacted]",
    },
    hooks: {
      // An error that says the database is out of reach (a restart, a failover), wherever it is caught
      // and logged, is noted on the request, which is then answered 503 (server/http/react-router-handler.ts),
      // and it is a warning: the outage is one event, watched through /healthz, not one error per request.
      logMethod(args, method, level) {
        const [fields] = args as unknown[];
        if (fields && typeof fields === "object") {
          const { err, args: more } = fields as { err?: unknown; args?: unknown };
          const unavailable = [err, ...(Array.isArray(more) ? more : [])].some((value) => value !== undefined && noteDatabaseError(value));
          if (unavailable && level >= 50) return this.warn(...(args as Parameters<pino.LogFn>));
        }
        return method.apply(this, args);
      },
    },
  };
  // Written synchronously: a line is out before the next statement runs, so a crash loses none, and
  // a stdout nobody reads any more (`npm start | head`) fails the write at once, which pino turns
  // into silence. Asynchronous, a line still in flight at process.exit was retried forever by the
  // exit-time flush (sonic-boom 4 sleeps and retries on EPIPE), and the server never stopped.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}
