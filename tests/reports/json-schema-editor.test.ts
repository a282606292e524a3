import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { reportTemplateJsonSchemaText, reportTemplateSchemaFile } from "../../scripts/generate-schemas.ts";

const reports = join(process.cwd(), "content", "reports");
const SCHEMA_LINE = "# yaml-language-server: $schema=../../../schemas/generated/report-template.schema.json";

/** What an editor with the YAML extension does with the generated schema: validate a template as it is typed. */
function editorCheck() {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  return ajv.compile(JSON.parse(reportTemplateJsonSchemaText()) as object);
}

describe("the report template schema in an editor", () => {
  it("accepts every report template in content/reports, and each names the schema on its first line", async () => {
    const validate = editorCheck();
    const codes = (await readdir(reports, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      const text = await readFile(join(reports, code, "report.yaml"), "utf8");
      expect(text.split("\n")[0], code).toBe(SCHEMA_LINE);
      expect(resolve(reports, code, SCHEMA_LINE.split("$schema=")[1]!)).toBe(reportTemplateSchemaFile);
      validate(parse(text));
      expect(validate.errors ?? [], code).toEqual([]);
    }
  });

  it("flags a misspelt block, a misspelt section key and a wrong condition outcome", async () => {
    const validate = editorCheck();
    const text = await readFile(join(reports, "anxiety_gad7", "report.yaml"), "utf8");
    for (const [from, to] of [
      ["      - scale_details: {}", "      - scale_detials: {}"],
      ["    title: Your level", "    titel: Your level"],
      ["      - strengths: { top: 1 }", "      - strengths: { top: 1 }\n        when: { highest: won }"],
    ] as const) {
      expect(text).toContain(from);
      expect(validate(parse(text.replace(from, to))), to).toBe(false);
    }
  });
});
