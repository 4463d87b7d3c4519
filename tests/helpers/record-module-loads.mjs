// For tests, through `node --import`: every module URL the process resolves through import or
// import() is appended to $RECORD_MODULES_FILE, with the URL of the module that imported it (with Node 20's hooks, require() calls are not seen;
// the modules they load are reached through an import first).
import { register } from "node:module";

register("./record-module-loads-hooks.mjs", import.meta.url, { data: { file: process.env.RECORD_MODULES_FILE } });
