import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { eduPlanFile } from "#schemas/content/edu-plan.ts";

const DIR = join(process.cwd(), "content", "plans");
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
const plans = readdirSync(DIR)
  .filter((f) => f.endsWith(".yaml"))
  .map((file) => ({ file, plan: eduPlanFile.parse(parse(readFileSync(join(DIR, file), "utf8"))) }));

/**
 * A plan's description says how long a day takes and how many tasks it has; those sentences are
 * promises to the customer, so they must match the days themselves.
 */
describe.each(plans)("$file", ({ plan }) => {
  const text = JSON.stringify(plan.text);
  const minutes = plan.days.map((d) => d.tasks.reduce((sum, t) => sum + t.minutes, 0));
  const counts = plan.days.map((d) => d.tasks.length);

  it("says how long a day takes, and that range is the days' real range", () => {
    const said = /Each day takes (\d+) to (\d+) minutes/.exec(text);
    expect(said, "an 'Each day takes A to B minutes' sentence").not.toBeNull();
    expect([Number(said![1]), Number(said![2])]).toEqual([Math.min(...minutes), Math.max(...minutes)]);
  });

  it("when it says how many tasks a day has, every day has that many", () => {
    const said = /split into (\w+)(?: (?:or|to) (\w+))? tasks/.exec(text);
    if (!said) return;
    const low = WORDS[said[1]!]!;
    const high = said[2] ? WORDS[said[2]]! : low;
    expect([Math.min(...counts), Math.max(...counts)]).toEqual([low, high]);
  });
});
