// The process entry: starts the bundled server (or Vite in --dev), and shuts it down
// gracefully on SIGTERM/SIGINT. Plain JavaScript so Node runs it without a build step.
// In production the first process is only the supervisor (./supervisor.js): it runs this same file
// again as the server, in a child process, and starts a new one if that one dies (decision 040).
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { supervise } from "./supervisor.js";

const dev = process.argv.includes("--dev");
const SUPERVISED = "FIXIT_SUPERVISED";

if (!dev && !process.env[SUPERVISED]) supervise(fileURLToPath(import.meta.url), { ...process.env, [SUPERVISED]: "1" });
else runServer();

function runServer() {
  // OpenTelemetry loads only when an OTLP endpoint is set (server/config.ts names the same two settings).
  const tracingRequested = [process.env.OTEL_EXPORTER_OTLP_ENDPOINT, process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT].some((value) => value?.trim());
  let tracing;
  // Signals are caught from the first moment: one that arrives while the server is still starting
  // (it may already be listening) is honoured as soon as start() returns, instead of killing the process.
  let server;
  let pendingSignal;
  const stop = (signal) => {
    if (!server) {
      pendingSignal ??= signal;
      return;
    }
    server.services.logger.info({ signal }, "signal received");
    // close() is one promise however often it is asked for (Ctrl-C reaches the supervisor too, which passes it on).
    // The spans still buffered are sent before the process ends.
    server.close().then(
      async () => {
        await tracing?.shutdownTracing().catch((error) => server.services.logger.warn({ err: error }, "could not send the last traces"));
        process.exit(0);
      },
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // The supervisor is gone (killed outright): finish the requests in hand and stop, rather than run on unwatched.
  process.once("disconnect", () => stop("supervisor gone"));

  // Tells the supervisor the server is up, before the line that says so: a death from now on is restarted.
  const onListening = () => process.send?.({ type: "listening" });

  async function main() {
    // Before the server's modules: the SDK patches http, express and pg as they load.
    if (tracingRequested) tracing = await import("./tracing.js");
    if (dev) {
      const { createServer } = await import("vite");
      const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
      const { start } = await vite.ssrLoadModule("./app/composition-root.server.ts");
      server = await start({
        onListening,
        vite: {
          middlewares: vite.middlewares,
          loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
        },
      });
    } else {
      // BUILD_DIR is relative to the project (or absolute); the bundle resolves its packages from the project's node_modules.
      const projectRoot = fileURLToPath(new URL("..", import.meta.url));
      const { start } = await import(pathToFileURL(path.resolve(projectRoot, process.env.BUILD_DIR ?? "build", "server/index.js")).href);
      server = await start({ onListening });
    }

    process.on("unhandledRejection", (reason) => server.services.logger.error({ err: reason }, "unhandled rejection"));
    if (pendingSignal) stop(pendingSignal);
  }

  main().catch((error) => {
    console.error(error?.message ?? error);
    process.exit(1);
  });
}
