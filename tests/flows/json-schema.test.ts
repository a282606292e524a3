import Ajv2020 from "ajv/dist/2020.js";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
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

  it("tells an editor of a misspelt step kind once, and of a misspelt key against that step's own kind only", async () => {
    const validate = new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(JSON.parse(flowJsonSchemaText()) as object);
    const flow = parse(await readFile(join(process.cwd(), "tests", "fixtures", "flows", "valid-small.yaml"), "utf8")) as { steps: Record<string, unknown>[] };
    expect(validate(flow), JSON.stringify(validate.errors)).toBe(true);

    const kindTypo = structuredClone(flow);
    kindTypo.steps[1]!.kind = "likret";
    validate(kindTypo);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.message}`)).toEqual(["/steps/1/kind must be equal to one of the allowed values"]);

    const keyTypo = structuredClone(flow);
    const { title, ...rest } = keyTypo.steps[1]!;
    keyTypo.steps[1] = { ...rest, tilte: title };
    validate(keyTypo);
    // Its own kind's two complaints (and the if/then that carried them), not one per step kind as with oneOf.
    expect(validate.errors?.filter((e) => e.keyword !== "if").map((e) => e.params)).toEqual([{ missingProperty: "title" }, { additionalProperty: "tilte" }]);
  });
});

