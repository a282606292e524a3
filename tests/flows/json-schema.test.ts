import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { flowJsonSchemaText, flowSchemaFile } from "../../scripts/generate-flow-schema.ts";

describe("schemas/generated/flow.schema.json", () => {
  it("is up to date with the zod flow schema (run `npm run schemas:generate` and commit it)", async () => {
    expect(await readFile(flowSchemaFile, "utf8")).toBe(flowJsonSchemaText());
  });

  it("describes flows as authors write them: defaults are optional, unknown keys refused", () => {
    const schema = JSON.parse(flowJsonSchemaText()) as { required: string[]; additionalProperties: boolean; properties: Record<string, unknown> };
    expect(schema.required).toEqual(expect.arrayContaining(["code", "topic", "title", "version", "paths", "report", "steps"]));
    expect(schema.required).not.toContain("answerSets");
    expect(schema.additionalProperties).toBe(false);
  });
});
