import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diagramAfter } from "~/lib/machine";
import { PROCESS_DIAGRAMS } from "./process-diagrams";

describe("the decision records draw the processes their tables describe", () => {
  it.each(PROCESS_DIAGRAMS.map((d) => [d.record, d.marker, d.diagram] as const))("%s, %s: the drawing is the table's (npx tsx scripts/draw-processes.ts redraws it)", (record, marker, diagram) => {
    const text = readFileSync(new URL(`../../../docs/decisions/${record}`, import.meta.url), "utf8");
    expect(diagramAfter(text, marker)).toBe(diagram());
  });
});
