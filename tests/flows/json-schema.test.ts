import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { flowJsonSchemaText, flowSchemaFile } from "../../scripts/generate-schemas.ts";

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

  it("names its definitions after the zod schemas, so adding a field does not renumber every reference", () => {
    const schema = JSON.parse(flowJsonSchemaText()) as { $defs: Record<string, unknown> };
    expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining(["step", "text", "identifier", "condition", "experiment"]));
    expect(flowJsonSchemaText()).not.toContain("__schema");
  });

  it("explains every field, so an editor's hover says what it is for", () => {
    type Node = { [key: string]: unknown };
    const schema = JSON.parse(flowJsonSchemaText()) as Node & { $defs: Record<string, Node> };
    const described = (node: Node): boolean =>
      typeof node.description === "string" || (typeof node.$ref === "string" && described(schema.$defs[node.$ref.split("/").at(-1)!]!));
    const silent: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${path}.${i}`));
      if (typeof node !== "object" || node === null) return;
      const properties = (node as Node).properties as Record<string, Node> | undefined;
      for (const [key, value] of Object.entries(properties ?? {})) if (!described(value)) silent.push(`${path}.${key}`);
      for (const [key, value] of Object.entries(node)) walk(value, `${path}.${key}`);
    };
    walk(schema, "");
    expect(silent).toEqual([]);
  });
});
