import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * A bench's own production server in a child process on a scratch PostgreSQL database (the bookings
 * and emergency benches): `script` seeds its data, then prints one JSON line (what it seeded) and
 * serves. `seeded` resolves with that line, or rejects if the child exits first.
 */
export function startBenchServer<Seeded>(options: { name: string; script: string; nodeArgs: string[]; port: number; databaseUrl: string; dataDir: string; env: Record<string, string> }): {
  child: ChildProcess;
  seeded: Promise<Seeded>;
} {
  const { port } = options;
  const child = spawn(process.execPath, [...options.nodeArgs, "--import", "tsx", options.script], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "test",
      BENCH_MODE: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      MAIL_WORKER_INTERVAL_MS: "100",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const seeded = new Promise<Seeded>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the ${options.name} bench server exited (${code})`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("{")) resolve(JSON.parse(line) as Seeded);
    });
  });
  return { child, seeded };
}
