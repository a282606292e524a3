import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { expect, it } from "vitest";

/** The most source files a folder under `src/` holds directly (ADR 073). */
const MOST_FILES = 25;

const ROOT = process.cwd();

/** A source file: TypeScript, tests, stories and declarations included; CSS, JSON and fixtures data are not. */
const isSource = (name: string) => name.endsWith(".ts") || name.endsWith(".tsx");

/** Every folder under `dir` (itself included) with the number of source files directly inside it. */
async function sourceCounts(dir: string): Promise<{ folder: string; files: number }[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && isSource(e.name)).length;
  const below = await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => sourceCounts(join(dir, e.name))));
  return [{ folder: relative(ROOT, dir), files }, ...below.flat()];
}

it(`no folder under src/ holds more than ${MOST_FILES} source files directly`, async () => {
  const counts = await sourceCounts(join(ROOT, "src"));
  const tooFull = counts
    .filter((c) => c.files > MOST_FILES)
    .map(
      (c) =>
        `${c.folder} holds ${c.files} .ts/.tsx files directly (at most ${MOST_FILES}): ` +
        "split it into sub-folders named after what they do; see docs/architecture.md and ADR 073",
    );
  expect(tooFull).toEqual([]);
});
