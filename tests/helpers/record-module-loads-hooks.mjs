// The module hooks of ./record-module-loads.mjs (they run on Node's hooks thread).
import { appendFileSync } from "node:fs";

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(file, `${resolved.url} ${context.parentURL ?? ""}\n`);
  return resolved;
}
