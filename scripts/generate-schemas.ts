/**
 * Writes the JSON Schemas that YAML editors use to complete and check what authors write:
 * schemas/generated/flow.schema.json (flows/*.yaml) and schemas/generated/report-template.schema.json
 * (content/reports/<code>/report.yaml), from the zod schemas the app itself validates with.
 * `npm run schemas:generate`; tests (tests/flows/json-schema.test.ts, tests/reports/json-schema.test.ts)
 * fail when a committed file is stale.
 *
 * Definitions are named after the zod schema's export (`$defs/step`, `$defs/reportCondition`), not
 * numbered in the order they were met, so adding a field changes a few lines, not every reference.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import * as flowSchemas from "#schemas/flow/index.ts";
import * as reportSchemas from "#schemas/report/template.ts";

const generated = join(dirname(fileURLToPath(import.meta.url)), "..", "schemas", "generated");
export const flowSchemaFile = join(generated, "flow.schema.json");
export const reportTemplateSchemaFile = join(generated, "report-template.schema.json");

/**
 * The global registry's metadata (descriptions), plus an `id` for every schema a module exports:
 * zod's JSON Schema writer puts a schema with an id under `$defs/<id>` and inlines the rest.
 */
class NamedByExport extends z.core.$ZodRegistry<z.core.JSONSchemaMeta> {
  constructor(private readonly names: ReadonlyMap<z.core.$ZodType, string>) {
    super();
  }
  override get(schema: z.core.$ZodType) {
    const meta = z.globalRegistry.get(schema);
    const id = this.names.get(schema);
    return id ? { ...meta, id } : meta;
  }
}

function namesOf(modules: Record<string, unknown>, root: z.ZodType): Map<z.core.$ZodType, string> {
  const names = new Map<z.core.$ZodType, string>();
  const taken = new Map<string, unknown>();
  for (const [name, value] of Object.entries(modules)) {
    if (!(value instanceof z.ZodType) || value === root || names.has(value)) continue;
    if (taken.has(name)) throw new Error(`two schemas are exported as "${name}"; JSON Schema definitions need one name each`);
    taken.set(name, value);
    names.set(value, name);
  }
  return names;
}

type Json = { [key: string]: unknown };
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A union told apart by `kind` (a step) becomes "if kind is X then X's schema": an editor checking
 * `oneOf` reports every branch's complaints (a typo in one step gave some 70), while with if/then it
 * reports an unknown kind once, and a misspelt key only against its own kind.
 */
function byKind(schema: Json): Json {
  const defs = isObject(schema.$defs) ? schema.$defs : {};
  const resolve = (node: unknown): Json | null => {
    if (!isObject(node)) return null;
    const ref = typeof node.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1] : undefined;
    return ref ? (isObject(defs[ref]) ? defs[ref] : null) : node;
  };
  const kindOf = (node: unknown): string | null => {
    const kind = resolve(node)?.properties;
    return isObject(kind) && isObject(kind.kind) && typeof kind.kind.const === "string" ? kind.kind.const : null;
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const out: Json = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    const branches = out.oneOf;
    if (!Array.isArray(branches) || branches.length < 2) return out;
    const kinds = branches.map(kindOf);
    if (kinds.some((k) => k === null)) return out;
    const { oneOf: _replaced, ...rest } = out;
    return {
      ...rest,
      type: "object",
      required: ["kind"],
      properties: { kind: { enum: kinds, description: "What the step is; the rest of its keys depend on it" } },
      allOf: branches.map((branch, i) => ({
        if: { properties: { kind: { const: kinds[i], description: `A ${kinds[i]} step` } }, required: ["kind"] },
        then: branch,
      })),
    };
  };
  return walk(schema) as Json;
}

function jsonSchemaText(root: z.ZodType, modules: Record<string, unknown>, title: string, description: string): string {
  const schema = z.toJSONSchema(root, { io: "input", target: "draft-2020-12", reused: "inline", metadata: new NamedByExport(namesOf(modules, root)) });
  return `${JSON.stringify({ ...byKind(schema), title, description }, null, 2)}\n`;
}

/** The JSON Schema of a flow file as an author writes it (fields with defaults are optional), as committed text. */
export function flowJsonSchemaText(): string {
  return jsonSchemaText(flowSchemas.flow, flowSchemas, "Pathwise flow", "One funnel: flows/<name>.yaml");
}

/** The JSON Schema of a report template as an author writes it, as committed text. */
export function reportTemplateJsonSchemaText(): string {
  return jsonSchemaText(
    reportSchemas.reportTemplate,
    reportSchemas,
    "Pathwise report template",
    "What a funnel's paid report says, as data: content/reports/<report code>/report.yaml (docs/reports.md)",
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await mkdir(generated, { recursive: true });
  for (const [file, text] of [
    [flowSchemaFile, flowJsonSchemaText()],
    [reportTemplateSchemaFile, reportTemplateJsonSchemaText()],
  ] as const) {
    await writeFile(file, text);
    console.log(`wrote ${file}`);
  }
}
