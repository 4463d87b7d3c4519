// Creates an empty PGlite database folder: `node server/db/create-pglite-folder.mjs DIR OPTIONS_JSON`.
// The server runs this in a child process on its first start: initdb needs three WebAssembly
// instances at once (~730 MB), memory a process never gives back; a child returns it when it exits.
import { renameSync, rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";

const [dir, options] = process.argv.slice(2);
if (!dir || !options) {
  console.error("usage: node server/db/create-pglite-folder.mjs DIR OPTIONS_JSON");
  process.exit(2);
}
// Built beside its final name and renamed when complete, so an interrupted run leaves no half folder.
const building = `${dir}.creating`;
rmSync(building, { recursive: true, force: true });
const client = new PGlite(building, JSON.parse(options));
await client.waitReady;
await client.close();
renameSync(building, dir);
