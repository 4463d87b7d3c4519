import pino from "pino";

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
  };
  // Written synchronously: a line is out before the next statement runs, so a crash loses none, and
  // a stdout nobody reads any more (`npm start | head`) fails the write at once, which pino turns
  // into silence. Asynchronous, a line still in flight at process.exit was retried forever by the
  // exit-time flush (sonic-boom 4 sleeps and retries on EPIPE), and the server never stopped.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}
