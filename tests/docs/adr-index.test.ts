import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decisionsDir, missingNumbers, readDecisionRecords, renderIndex } from "../../scripts/adr-index.ts";

describe("the decisions index", () => {
  it("is the one the records give (npm run docs:adr-index writes it)", async () => {
    const records = await readDecisionRecords(decisionsDir);
    expect(await readFile(join(decisionsDir, "README.md"), "utf8")).toBe(renderIndex(records));
  });

  it("skips no number after the two that were handed out and never used", async () => {
    expect(missingNumbers(await readDecisionRecords(decisionsDir))).toEqual([19, 23]);
  });

  it("links every record a status names", async () => {
    const records = await readDecisionRecords(decisionsDir);
    const numbers = new Set(records.map((r) => r.number));
    for (const r of records) {
      for (const named of r.status?.match(/\b\d{3}\b/g) ?? []) expect(numbers, `${r.file} names ${named}`).toContain(Number(named));
    }
  });
});
