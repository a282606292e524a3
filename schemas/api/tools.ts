import { z } from "zod";

const toolBase = {
  id: z.number().int(),
  name: z.string().describe("URL name, as in /account/tools/{name}"),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  pic: z.string(),
  minutes: z.number().int(),
};

export const toolListItem = z.object(toolBase);
export const tool = z.object({ ...toolBase, text: z.string().describe("HTML: how to use the tool") });
export type Tool = z.infer<typeof tool>;

export const toolList = z.object({ data: z.array(toolListItem) });
export const toolOne = z.object({ data: tool });
