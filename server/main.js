// The process entry: starts the bundled server (or Vite in --dev), and shuts it down
// gracefully on SIGTERM/SIGINT. Plain JavaScript so Node runs it without a build step.
const dev = process.argv.includes("--dev");

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
  server.close().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once("SIGTERM", () => stop("SIGTERM"));
process.once("SIGINT", () => stop("SIGINT"));

async function main() {
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const { start } = await vite.ssrLoadModule("./server/app.ts");
    server = await start({
      vite: {
        middlewares: vite.middlewares,
        loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
      },
    });
  } else {
    const buildDir = new URL(`../${process.env.BUILD_DIR ?? "build"}/`, import.meta.url);
    const { start } = await import(new URL("server/index.js", buildDir).href);
    server = await start();
  }

  process.on("unhandledRejection", (reason) => server.services.logger.error({ err: reason }, "unhandled rejection"));
  if (pendingSignal) stop(pendingSignal);
}

main().catch((error) => {
  console.error(error?.message ?? error);
  process.exit(1);
});
