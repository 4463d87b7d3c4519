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
  return destination ? pino(options, destination) : pino(options);
}
