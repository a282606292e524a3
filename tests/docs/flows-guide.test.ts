import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { kindNames } from "#engine/flow/kinds/index.ts";

/**
 * docs/flows.md is what a growth team reads to write a funnel: every step kind the engine knows has
 * its section under "Steps", and the guide describes no kind the engine does not have.
 */
describe("the funnel authors' guide", () => {
  it("has a section for every step kind, and none for a kind that does not exist", async () => {
    const guide = await readFile(join(process.cwd(), "docs", "flows.md"), "utf8");
    const steps = guide.slice(guide.indexOf("\n## Steps\n"), guide.indexOf("\n## ", guide.indexOf("\n## Steps\n") + 1));
    const sections = [...steps.matchAll(/^### (\S+)$/gm)].map((m) => m[1]);
    expect(sections.sort()).toEqual([...kindNames].sort());
  });
});
