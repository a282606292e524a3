/**
 * Writes schemas/generated/flow.schema.json from the zod `flow` schema, so YAML editors can
 * complete and check flow files (`# yaml-language-server: $schema=../schemas/generated/flow.schema.json`).
 * `npm run schemas:generate`; a test (tests/flows/json-schema.test.ts) fails when the committed file is stale.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import { flow } from "../schemas/flow/flow.ts";

export const flowSchemaFile = join(dirname(fileURLToPath(import.meta.url)), "..", "schemas", "generated", "flow.schema.json");

/** The JSON Schema of a flow file as an author writes it (fields with defaults are optional), as committed text. */
export function flowJsonSchemaText(): string {
  const schema = z.toJSONSchema(flow, { io: "input", target: "draft-2020-12", reused: "ref" });
  return `${JSON.stringify({ ...schema, title: "Pathwise flow", description: "One funnel: flows/<name>.yaml" }, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await mkdir(dirname(flowSchemaFile), { recursive: true });
  await writeFile(flowSchemaFile, flowJsonSchemaText());
  console.log(`wrote ${flowSchemaFile}`);
}
