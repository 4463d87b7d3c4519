import type { TestSpecification } from "vitest/node";
import { describe, expect, it } from "vitest";
import LongestFirstSequencer, { projectOrder } from "../tests/helpers/longest-first.ts";
import config from "../vitest.config.ts";

const root = "/repo";
/** What the sequencer reads of a file: its project's name and settings, and its path. */
const spec = (project: string, file: string) =>
  ({ moduleId: `${root}/${file}`, project: { name: project, config: { root, isolate: false, sequence: { groupOrder: 0 } } } }) as unknown as TestSpecification;
/** A Vitest that has no recorded durations or file sizes: a fresh clone. */
const freshVitest = { config: { root }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } };

describe("the order Vitest runs the files in (tests/helpers/longest-first.ts)", () => {
  const files = [
    spec("unit", "app/lib/money.test.ts"),
    spec("integration-postgres", "tests/fixers.test.ts"),
    spec("integration-pglite", "tests/fixers.test.ts"),
    spec("unit-database", "server/db/client.test.ts"),
    spec("integration-postgres", "tests/staff.test.ts"),
    spec("integration-pglite", "tests/hostile-input-queries.test.ts"),
    spec("integration-pglite", "tests/staff.test.ts"),
    spec("unit", "app/lib/dates.test.ts"),
  ];
  const sorted = () => new LongestFirstSequencer(freshVitest as never).sort(files);

  it("runs one project after another, so a worker keeps its process (and the modules it loaded) from file to file", async () => {
    const ordered = await sorted();
    const projects = ordered.map((file) => file.project.name);
    // Each project's files are together: a project never comes back after another has started.
    expect(projects.filter((name, i) => name !== projects[i - 1])).toEqual(["integration-pglite", "integration-postgres", "unit-database", "unit"]);
  });

  it("runs the longest files first within a project", async () => {
    const ordered = await sorted();
    const pglite = ordered.filter((file) => file.project.name === "integration-pglite").map((file) => file.moduleId.slice(root.length + 1));
    expect(pglite).toEqual(["tests/hostile-input-queries.test.ts", "tests/staff.test.ts", "tests/fixers.test.ts"]);
  });

  it("names every project vitest.config.ts defines", () => {
    const names = (config.test?.projects ?? []).map((project) => (project as { test: { name: string } }).test.name);
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(projectOrder).toEqual(expect.arrayContaining(names));
  });
});
