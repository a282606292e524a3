import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { reportTemplateJsonSchemaText, reportTemplateSchemaFile } from "../../scripts/generate-schemas.ts";
import { undescribed } from "../helpers/json-schema-descriptions.ts";

describe("schemas/generated/report-template.schema.json", () => {
  it("is up to date with the zod report template schema (run `npm run schemas:generate` and commit it)", async () => {
    expect(await readFile(reportTemplateSchemaFile, "utf8")).toBe(reportTemplateJsonSchemaText());
  });

  it("describes templates as authors write them: defaults are optional, unknown keys refused", () => {
    const schema = JSON.parse(reportTemplateJsonSchemaText()) as { required: string[]; additionalProperties: boolean };
    expect(schema.required).toEqual(expect.arrayContaining(["title", "subtitle", "summary", "teaser", "scales", "sections", "example"]));
    expect(schema.required).not.toContain("claims");
    expect(schema.additionalProperties).toBe(false);
  });

  it("names its definitions after the zod schemas, not by position", () => {
    const schema = JSON.parse(reportTemplateJsonSchemaText()) as { $defs: Record<string, unknown> };
    expect(Object.keys(schema.$defs)).toEqual(
      expect.arrayContaining(["reportCondition", "reportWhen", "conditionalText", "scaleCopy", "templateBlock", "templateSection"]),
    );
    expect(reportTemplateJsonSchemaText()).not.toContain("__schema");
  });

  it("explains every field and every definition, so an editor's hover says what it is for", () => {
    expect(undescribed(JSON.parse(reportTemplateJsonSchemaText()), { definitions: true })).toEqual([]);
  });
});
