import { z } from "zod";
import { toolKindNames } from "../tools/kinds.ts";

const toolBase = {
  id: z.number().int(),
  name: z.string().describe("URL name, as in /account/tools/{name}"),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  pic: z.string(),
  minutes: z.number().int(),
  kind: z.enum(toolKindNames).describe("Which interactive widget the tool is (schemas/tools/kinds.ts)"),
};

const toolListItem = z.object(toolBase);
const tool = z.object({
  ...toolBase,
  config: z.record(z.string(), z.unknown()).describe("The widget's content (cards, categories, fields), valid for its kind"),
  text: z.string().describe("HTML: how to use the tool"),
});
export type Tool = z.infer<typeof tool>;
export type ToolListItem = z.infer<typeof toolListItem>;

export const toolList = z.object({ data: z.array(toolListItem) });
export const toolOne = z.object({ data: tool });

/** `/tools/by-name/{name}` and `/customer/tools/{name}/…`: the tool's URL name. */
export const toolNameParam = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "a tool's URL name")
    .max(80),
});
export const toolEntryParams = toolNameParam.extend({ entry_id: z.uuid().describe("The saved entry's id") });

/** A saved entry: `data` is valid for the tool's kind and config when it was saved. */
const toolEntry = z.object({
  id: z.uuid(),
  tool_name: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ToolEntry = z.infer<typeof toolEntry>;

export const toolEntryList = z.object({ data: z.array(toolEntry).describe("Newest first") });
export const toolEntryOne = z.object({ data: toolEntry });
export const toolEntryBody = z.strictObject({ data: z.record(z.string(), z.unknown()).describe("Validated against the tool's kind and config") });

/** How many entries a customer keeps per tool; saving more answers 409 `too_many_entries`. */
export const MAX_TOOL_ENTRIES = 100;
