import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { kindNames, numberKinds, progressKinds } from "#engine/flow/kinds/index.ts";

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

  it("names the kinds that count in progress and the kinds a scale may list as the kinds record does", async () => {
    const guide = await readFile(join(process.cwd(), "docs", "flows.md"), "utf8");
    /** The `kind` names in the guide from `opening` to `end` (its table row, its list item). */
    const kindsAfter = (opening: string, end: string) => {
      const at = guide.indexOf(opening);
      expect(at, `docs/flows.md has no "${opening}"`).toBeGreaterThanOrEqual(0);
      const sentence = guide.slice(at, guide.indexOf(end, at));
      return [...sentence.matchAll(/`(\w+)`/g)].map((m) => m[1]).filter((word) => (kindNames as string[]).includes(word!));
    };
    expect(kindsAfter("Question kinds (", "\n").sort(), "Steps › progress").toEqual([...progressKinds].sort());
    expect(kindsAfter("Scorable steps are", "\n-").sort(), "Scoring › Items").toEqual([...numberKinds].sort());
  });
});
