/**
 * Redraws the state diagrams in the decision records from the process tables
 * (app/features/bookings/process-diagrams.ts): `npx tsx scripts/draw-processes.ts`. Each record has a
 * marker line; the Mermaid block after it is replaced (or added) with what the table generates.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { PROCESS_DIAGRAMS } from "~/features/bookings/process-diagrams";

for (const { record, marker, diagram } of PROCESS_DIAGRAMS) {
  const path = new URL(`../docs/decisions/${record}`, import.meta.url);
  const text = readFileSync(path, "utf8");
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${record}: no line ${marker}`);
  const after = at + marker.length;
  const block = /^\n+```mermaid\n(?:[\s\S]*?\n)?```/.exec(text.slice(after));
  const drawn = `\n\n\`\`\`mermaid\n${diagram()}\n\`\`\``;
  writeFileSync(path, text.slice(0, after) + drawn + text.slice(after + (block ? block[0].length : 0)));
  console.log(`${record}: ${marker} drawn`);
}
