import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { professionContent, riasecLetters, type ProfessionContent } from "./profession.ts";

const dir = join(process.cwd(), "content", "professions");
const files = readdirSync(dir).filter((f) => f.endsWith(".yaml"));

function load(file: string): ProfessionContent {
  const result = professionContent.safeParse(parse(readFileSync(join(dir, file), "utf8")));
  if (!result.success) throw new Error(`${file}: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return result.data;
}

describe("content/professions", () => {
  const all = files.map((file) => ({ file, profession: load(file) }));

  it("every file matches the schema and is named after its slug", () => {
    for (const { file, profession } of all) expect(file).toBe(`${profession.slug}.yaml`);
  });

  it("has at least 120 occupations, at least 15 for each first interest letter, no slug or O*NET-SOC code twice", () => {
    expect(all.length).toBeGreaterThanOrEqual(120);
    for (const letter of riasecLetters) {
      expect(all.filter(({ profession }) => profession.riasec.code.startsWith(letter)).length, letter).toBeGreaterThanOrEqual(15);
    }
    expect(new Set(all.map(({ profession }) => profession.slug)).size).toBe(all.length);
    expect(new Set(all.map(({ profession }) => profession.onet_soc)).size).toBe(all.length);
  });

  it("the interest code agrees with the interest levels (its first letter is the highest level)", () => {
    for (const { file, profession } of all) {
      const { code, levels } = profession.riasec;
      const highest = Math.max(...riasecLetters.map((l) => levels[l]));
      expect(levels[code[0] as keyof typeof levels], file).toBe(highest);
    }
  });

  it("a pay range, when given, surrounds the median", () => {
    for (const { file, profession } of all) {
      const pay = profession.pay;
      if (!pay) continue;
      if (pay.p10_annual_usd !== undefined) expect(pay.p10_annual_usd, file).toBeLessThan(pay.median_annual_usd);
      if (pay.p90_annual_usd !== undefined) expect(pay.p90_annual_usd, file).toBeGreaterThan(pay.median_annual_usd);
    }
  });
});
