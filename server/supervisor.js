// Keeps the site up when the server process dies (an out-of-memory abort, an uncaught exception):
// `npm start` runs this small supervisor, which runs the server in one child process and starts a
// new one when it dies — after a pause that doubles with each death in a minute, and not at all
// after five (a crash loop is an operator's problem: the supervisor exits 1 for systemd or the
// container runtime to see). A server that fails before it listens (bad settings, a held lock) is
// not restarted either: its error is the answer. SIGTERM/SIGINT go to the server, which finishes
// its requests; the supervisor then exits with its code. Why not the cluster module: decision 040.
import { fork } from "node:child_process";

const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS_IN_WINDOW = 5;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** One JSON line, as the server's own log (pino) writes them: 50 = error, 60 = fatal. */
function log(level, msg, extra = {}) {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...extra })}\n`);
}

export function supervise(entry, env) {
  // A stdout nobody reads any more (`npm start | head`) must not take the supervisor down with it.
  process.stdout.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
  });
  let child;
  let stopping = false;
  let restartTimer;
  const deaths = [];

  const start = () => {
    let listening = false;
    child = fork(entry, process.argv.slice(2), { env, execArgv: process.execArgv, stdio: "inherit" });
    child.on("message", (message) => {
      if (message?.type === "listening") listening = true;
    });
    // "close", not "exit": it comes after the IPC channel has delivered every message, so a
    // "listening" sent just before a death is never read after the decision it should change.
    child.once("close", (code, signal) => {
      child = undefined;
      if (stopping) process.exit(code ?? 1);
      if (!listening) {
        log(60, "the server stopped before it was listening: not restarting it", { code, signal });
        process.exit(code || 1);
      }
      const now = Date.now();
      deaths.push(now);
      while (deaths[0] < now - RESTART_WINDOW_MS) deaths.shift();
      if (deaths.length > MAX_RESTARTS_IN_WINDOW) {
        log(60, `the server died ${deaths.length} times in a minute: giving up`, { code, signal });
        process.exit(1);
      }
      const delay = Math.min(FIRST_DELAY_MS * 2 ** (deaths.length - 1), MAX_DELAY_MS);
      log(50, "the server process died: starting a new one", { code, signal, restartInMs: delay });
      restartTimer = setTimeout(start, delay);
    });
  };

  // A terminal's Ctrl-C reaches both processes; the server takes a repeated signal calmly.
  const stop = () => {
    stopping = true;
    clearTimeout(restartTimer);
    if (!child) process.exit(0);
    child.kill("SIGTERM");
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  start();
}
